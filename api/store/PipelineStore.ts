import type { PipelineQuery, StorePipelineReport } from './pipelineReport';

/** The firm's pipeline on either store: the report of a period. */
export interface PipelineStore {
  /** What became of the enquiries received in a period, in total and per advisor, source page and campaign. */
  report(query: PipelineQuery): Promise<StorePipelineReport>;
}
