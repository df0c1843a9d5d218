import { parseDocument, Parser, Lexer } from 'yaml';
const gens = {
 blockmap: n => { let s='k:\n'; let i=0; while(s.length<n){ s+=`  k${i}: v\n`; i++;} return s; },
 seq: n => 'a:\n' + '  - x\n'.repeat(n/6),
 flowseq: n => 'a: [' + 'x, '.repeat(n/3) + ']',
 flowmap: n => { let s='a: {'; let i=0; while(s.length<n){ s+=`k${i}: 1, `; i++;} return s+'}'; },
 comments: n => 'a:\n'+'  #c\n'.repeat(n/5)+'  b: 1\n',
 deepflow: n => 'a: '+'['.repeat(n/2)+']'.repeat(n/2),
};
for (let r=0;r<2;r++) for (const [name,g] of Object.entries(gens)) {
  const out=[];
  for (const n of [50000,100000,200000]) { const t=g(n); const a=performance.now(); parseDocument(t,{uniqueKeys:false}); out.push((performance.now()-a).toFixed(0)); }
  console.log(r,name,out.join(' '));
}
