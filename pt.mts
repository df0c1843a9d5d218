import { LocalChecks } from '/work/main/api/site/contentChecks';
import { diskFolder } from '/work/main/src/content/contentFolder';
const checks = new LocalChecks(diskFolder('/tmp/scratch/p3000'));
await checks.reset(new Map());
let t = performance.now();
const s = await checks.check(new Map());
console.log('cold check 3000', Math.round(performance.now() - t), s.problems.length);
