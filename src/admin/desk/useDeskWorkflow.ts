import { useMemo } from 'react';
import { deskWorkflow } from '../../shared/deskWorkflow';
import type { AdminData } from '../../shared/siteData';
import { useSiteData } from '../../shell/SiteDataContext';

/** The desk's statuses and closing reasons, from _desk.yaml (and the firm's hours) as the server sent them with the admin screens. */
export function useDeskWorkflow() {
  const { desk, site } = useSiteData() as AdminData & ReturnType<typeof useSiteData>;
  return useMemo(() => deskWorkflow(desk, site.openingHours), [desk, site.openingHours]);
}
