/**
 * Block components live at src/blocks/<Name>Block/<Name>Block.tsx, where <Name> is the
 * block type in PascalCase (emi-calculator → EmiCalculatorBlock). The server uses
 * this to find, in Vite's manifest, the styles a page's blocks need.
 */
export function blockModulePath(type: string): string {
  const name = type
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return `src/blocks/${name}Block/${name}Block.tsx`;
}
