import type { Campaign } from './deskEnquiry';

/** The marketing figures of a period, as GET /admin/api/stats/visits answers them. */
export interface PageFigures {
  path: string;
  visits: number;
  /** Visits that began on this page. */
  landings: number;
  enquiries: number;
}

export interface MarketingStats {
  days: number;
  from: string;
  to: string;
  totals: { visits: number; enquiries: number };
  pages: PageFigures[];
  campaigns: (Campaign & { visits: number; enquiries: number })[];
  referrers: { host: string; visits: number; enquiries: number }[];
  /** The eligibility checkers: their visits, and the enquiries sent from them ("send this to an advisor"). */
  checkers: { path: string; visits: number; enquiries: number }[];
}
