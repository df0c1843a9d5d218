import type { Migration } from './migration';
import { migration as m01 } from './01';
import { migration as m02 } from './02';
import { migration as m03 } from './03';
import { migration as m04 } from './04';
import { migration as m05 } from './05';
import { migration as m06 } from './06';
import { migration as m07 } from './07';
import { migration as m08 } from './08';
import { migration as m09 } from './09';
import { migration as m10 } from './10';
import { migration as m11 } from './11';
import { migration as m12 } from './12';
import { migration as m13 } from './13';
import { migration as m14 } from './14';
import { migration as m15 } from './15';
import { migration as m16 } from './16';
import { migration as m17 } from './17';
import { migration as m18 } from './18';
import { migration as m19 } from './19';
import { migration as m20 } from './20';
import { migration as m21 } from './21';
import { migration as m22 } from './22';
import { migration as m23 } from './23';
import { migration as m24 } from './24';

/** Every step, in order: a new step is a new file here, added at the end of this list. */
export const MIGRATIONS: Migration[] = [
  m01,
  m02,
  m03,
  m04,
  m05,
  m06,
  m07,
  m08,
  m09,
  m10,
  m11,
  m12,
  m13,
  m14,
  m15,
  m16,
  m17,
  m18,
  m19,
  m20,
  m21,
  m22,
  m23,
  m24,
];
