/**
 * WhatsApp's Business Policy does not allow debt collection: a firm that arranges loans must never
 * send what reads as a demand for payment. The desk's messages and templates are checked for the
 * words such messages use, in each language; the check names the word and refuses the file.
 */
export const COLLECTION_WORDS: Record<string, readonly string[]> = {
  en: [
    'overdue',
    'outstanding',
    'dues',
    'repay',
    'repayment',
    'default',
    'defaulter',
    'penalty',
    'recovery',
    'collection',
    'pay now',
    'payment due',
    'EMI due',
    'arrears',
    'legal action',
  ],
  mr: ['थकबाकी', 'थकीत', 'वसुली', 'दंड', 'परतफेड', 'हप्ता थकला', 'कायदेशीर कारवाई'],
  hi: ['बकाया', 'वसूली', 'जुर्माना', 'पेनल्टी', 'डिफ़ॉल्ट', 'चुकौती', 'भुगतान करें', 'कानूनी कार्रवाई', 'क़ानूनी कार्रवाई'],
};

/** The first word of COLLECTION_WORDS a text uses (any language's, as a whole word), or undefined. */
export function collectionWordIn(text: string): string | undefined {
  const lower = text.toLowerCase();
  for (const words of Object.values(COLLECTION_WORDS))
    for (const word of words) {
      const at = lower.indexOf(word.toLowerCase());
      if (at < 0) continue;
      const before = lower[at - 1];
      const after = lower[at + word.length];
      // A whole word: not inside another (Latin letters), since "dues" is in "dues" and not in "duesenberg".
      if (!(before && /[\p{L}\p{M}]/u.test(before)) && !(after && /[a-z]/.test(after))) return word;
    }
  return undefined;
}
