// Generates the home page's promo videos (one per language: the stored language is the hint) and
// their poster, with Debian's ffmpeg: a few seconds of animated title cards, VP9 in WebM, small
// enough to ship in the repository (< 100 KB each). Run once when the texts change:
//   node shell/scripts/make-promo.mjs        (needs `apt-get install -y ffmpeg`)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/promo');
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const CARDS = {
  fr: ['Pupitre', 'Des avis anonymes', 'sur vos professeurs', 'par les élèves et les parents'],
  es: ['Pupitre', 'Opiniones anónimas', 'sobre tus profesores', 'por alumnos y familias'],
  en: ['Pupitre', 'Anonymous reviews', 'of your teachers', 'by students and parents'],
};
const SECONDS_PER_CARD = 2;
const COLORS = ['0x3b3bb3', '0x2d6a9f', '0x6a3bb3', '0x3b3bb3'];

const esc = (text) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/:/g, '\\:');

fs.mkdirSync(OUT, { recursive: true });
for (const [lang, cards] of Object.entries(CARDS)) {
  const total = cards.length * SECONDS_PER_CARD;
  // One background colour per card, and a title that fades in then slides up slightly.
  const filters = cards
    .map((text, i) => {
      const start = i * SECONDS_PER_CARD;
      const end = start + SECONDS_PER_CARD;
      const alpha = `if(lt(t-${start},0.4),(t-${start})/0.4,if(gt(t,${end - 0.4}),(${end}-t)/0.4,1))`;
      return [
        `drawbox=x=0:y=0:w=iw:h=ih:color=${COLORS[i]}:t=fill:enable='between(t,${start},${end})'`,
        `drawtext=fontfile=${FONT}:text='${esc(text)}':fontcolor=white:fontsize=${i === 0 ? 64 : 40}:x=(w-text_w)/2:y='(h-text_h)/2+12*(1-min(1,(t-${start})/0.6))':alpha='${alpha}':enable='between(t,${start},${end})'`,
      ].join(',');
    })
    .join(',');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x3b3bb3:s=640x360:r=24:d=${total}`,
    '-vf',
    filters,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '45',
    '-deadline',
    'good',
    '-row-mt',
    '1',
    '-an',
    path.join(OUT, `promo-${lang}.webm`),
  ]);
}
// The poster: the first card, as a small WebP (the LCP-safe placeholder shown before the video plays).
execFileSync('ffmpeg', [
  '-y',
  '-loglevel',
  'error',
  '-f',
  'lavfi',
  '-i',
  'color=c=0x3b3bb3:s=640x360:d=1',
  '-vf',
  `drawtext=fontfile=${FONT}:text='Pupitre':fontcolor=white:fontsize=64:x=(w-text_w)/2:y=(h-text_h)/2`,
  '-frames:v',
  '1',
  '-c:v',
  'libwebp',
  '-quality',
  '60',
  path.join(OUT, 'promo-poster.webp'),
]);
for (const file of fs.readdirSync(OUT)) console.log(file, fs.statSync(path.join(OUT, file)).size, 'bytes');
