/** The answer of work done in memory, as a promise; what it throws becomes a rejection, as from a database. */
export const settle = <T>(work: () => T): Promise<T> => new Promise((resolve) => resolve(work()));
