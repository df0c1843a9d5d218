import { startServer } from './server';
import { postJson, storedEnquiries } from './storedData';

const enquiry = (tag: string) => ({ name: 'Crash Test', number: '9876543210', enquiry: 'General Enquiry', message: tag, consent: true });

/** Sends enquiries from `workers` parallel loops until stopped; records every one answered 200. */
export function streamEnquiries(baseUrl: string, workers: number) {
  const acknowledged: string[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let running = true;
  let counter = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const tag = `e-${Date.now()}-${counter++}`;
      try {
        const response = await postJson(new URL('/addcontactdata', baseUrl).href, enquiry(tag));
        if (response.status === 200) acknowledged.push(tag);
        for (const wait of waiting.filter((entry) => acknowledged.length >= entry.count)) wait.resolve();
      } catch {
        return; // the server is gone
      }
    }
  });
  return {
    acknowledged,
    /** Resolves once `count` enquiries have been answered 200, so a crash falls amid writes, whenever the machine gets there. */
    acknowledgedAtLeast: (count: number) =>
      new Promise<void>((resolve) => (acknowledged.length >= count ? resolve() : waiting.push({ count, resolve }))),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * One crash round: kill -9 the server at a random moment while enquiries stream in,
 * restart it on the same data folder (which must parse), and report every enquiry that
 * was answered 200 but is missing.
 */
export async function crashRound(dataDir: string): Promise<{ checked: number; lost: string[] }> {
  const server = await startServer({ dataDir });
  const stream = streamEnquiries(server.url, 8);
  // A different moment each round: after between 1 and 40 acknowledged writes, with more in flight.
  await stream.acknowledgedAtLeast(1 + Math.floor(Math.random() * 40));
  await server.kill();
  await stream.stop();
  const restarted = await startServer({ dataDir });
  const stored = new Set(storedEnquiries(dataDir, 'contact').map((record) => record.fields.message));
  await restarted.stop();
  return { checked: stream.acknowledged.length, lost: stream.acknowledged.filter((tag) => !stored.has(tag)) };
}
