/** "1 document", "2 documents", "1,00,000 enquiries": a count with its noun, in Indian grouping. */
export const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString('en-IN')} ${count === 1 ? one : many}`;
