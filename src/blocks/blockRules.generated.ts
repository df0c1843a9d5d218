/* Generated from the <type>.rules.ts file of each block folder by src/content/generateTypes.ts. Do not edit:
 * add or remove a rules file and run `npm run types`. */
import type { BlockRulesTable } from './blockRules';
import { rules as banner } from './BannerBlock/banner.rules';
import { rules as eligibility } from './EligibilityBlock/eligibility.rules';
import { rules as faq } from './FaqBlock/faq.rules';

export const blockRules: BlockRulesTable = { banner, eligibility, faq };
