import type { BlockRules } from '../blockRules';
import { eligibilityProblems } from './checkEligibility';

/** A checker's conditions and figures must name its own questions and the answers they offer. */
export const rules: BlockRules<'eligibility'> = { problems: eligibilityProblems };
