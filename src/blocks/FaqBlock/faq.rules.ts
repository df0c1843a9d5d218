import type { BlockRules } from '../blockRules';

/** Every FAQ carries the house style's one heading, and tells search engines its questions and answers as the page shows them. */
export const rules: BlockRules<'faq'> = {
  styleBreaches(block, { style, textAt, start }) {
    if (block.heading === style.faqHeading.text) return [];
    return [
      {
        pointer: ['heading'],
        offset: textAt(['heading'])?.start ?? start,
        message: `${style.faqHeading.message}: “${style.faqHeading.text}”`,
      },
    ];
  },
  structuredData(blocks, lang) {
    const questions = blocks.flatMap((block) => block.items);
    if (questions.length === 0) return undefined;
    return {
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      inLanguage: lang,
      mainEntity: questions.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    };
  },
};
