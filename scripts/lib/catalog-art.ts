// Composes a 480x480 SVG illustration of a piece of jewelry (category, metal, stone).
export type ArtCategory = 'necklace' | 'pendant' | 'choker' | 'earring' | 'hoop' | 'stud' | 'bracelet' | 'bangle' | 'ring';
export type ArtMetal = 'gold' | 'rose-gold' | 'white-gold' | 'silver';
export type ArtStone = 'none' | 'pearl' | 'diamond' | 'sapphire' | 'emerald' | 'ruby' | 'amethyst' | 'topaz' | 'morganite';

const METALS: Record<ArtMetal, [string, string, string, string]> = {
  gold: ['#fff6d8', '#ecc871', '#c4932f', '#7d5716'],
  'rose-gold': ['#ffeae2', '#eab19b', '#c07a64', '#7f4536'],
  'white-gold': ['#ffffff', '#e8ebef', '#b3bac3', '#6e7782'],
  silver: ['#ffffff', '#dcdedf', '#a0a4a8', '#575b5f'],
};
const GEMS: Record<Exclude<ArtStone, 'none' | 'pearl'>, [string, string, string]> = {
  diamond: ['#ffffff', '#dcebf7', '#86a9c7'],
  sapphire: ['#b7c8ff', '#2f55c4', '#0e1f66'],
  emerald: ['#b5f5cf', '#1f9a5d', '#0a4a2a'],
  ruby: ['#ffc2c9', '#cc1f3a', '#5e0715'],
  amethyst: ['#ecd2ff', '#8a44c4', '#3c1466'],
  topaz: ['#e3f7ff', '#59b8e6', '#1d6a92'],
  morganite: ['#fff0f2', '#eea3b3', '#a8566c'],
};

type Pt = { x: number; y: number; a: number }; // a: direction of travel in degrees
const f = (n: number) => Math.round(n * 10) / 10;
const rad = (deg: number) => (deg * Math.PI) / 180;

function defs(metal: ArtMetal, stone: ArtStone) {
  const [hi, mid, low, deep] = METALS[metal];
  const [gl, gm, gd] = stone === 'none' || stone === 'pearl' ? GEMS.diamond : GEMS[stone];
  return `<defs>
<radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="#fffdf9"/><stop offset="1" stop-color="#efe6da"/></radialGradient>
<linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hi}"/><stop offset=".35" stop-color="${mid}"/><stop offset=".7" stop-color="${low}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
<radialGradient id="mb" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="${hi}"/><stop offset=".45" stop-color="${mid}"/><stop offset="1" stop-color="${deep}"/></radialGradient>
<radialGradient id="g" cx=".38" cy=".32" r=".8"><stop offset="0" stop-color="${gl}"/><stop offset=".55" stop-color="${gm}"/><stop offset="1" stop-color="${gd}"/></radialGradient>
<radialGradient id="p" cx=".36" cy=".3" r=".8"><stop offset="0" stop-color="#ffffff"/><stop offset=".4" stop-color="#f7f0e7"/><stop offset=".8" stop-color="#e2d4c4"/><stop offset="1" stop-color="#bba48f"/></radialGradient>
<filter id="ds" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur in="SourceAlpha" stdDeviation="5"/><feOffset dy="6" result="o"/><feFlood flood-color="#5a4632" flood-opacity=".25"/><feComposite in2="o" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>
</defs>`;
}

// Curves, sampled finely then walked at an even spacing.
const cubic = (p0: number[], c1: number[], c2: number[], p3: number[]) =>
  Array.from({ length: 401 }, (_, i) => {
    const t = i / 400,
      u = 1 - t;
    const at = (k: number) => u * u * u * p0[k]! + 3 * u * u * t * c1[k]! + 3 * u * t * t * c2[k]! + t * t * t * p3[k]!;
    return { x: at(0), y: at(1) };
  });
const ellipse = (cx: number, cy: number, rx: number, ry: number, a0: number, a1: number) =>
  Array.from({ length: 401 }, (_, i) => {
    const a = rad(a0 + ((a1 - a0) * i) / 400);
    return { x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) };
  });
function along(points: { x: number; y: number }[], step: number, offset = step / 2): Pt[] {
  const out: Pt[] = [];
  let next = offset,
    dist = 0;
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1]!,
      q = points[i]!;
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    while (dist + d >= next) {
      const t = (next - dist) / d;
      out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t, a: (Math.atan2(q.y - p.y, q.x - p.x) * 180) / Math.PI });
      next += step;
    }
    dist += d;
  }
  return out;
}

// Primitives.
const deep = (metal: ArtMetal) => METALS[metal][3];
const bead = (x: number, y: number, r: number, metal: ArtMetal) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#mb)" stroke="${deep(metal)}" stroke-opacity=".35"/>`;
const pearl = (x: number, y: number, r: number) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#p)" stroke="#c9b6a2" stroke-opacity=".6"/>` +
  `<ellipse cx="${f(x - r * 0.32)}" cy="${f(y - r * 0.38)}" rx="${f(r * 0.22)}" ry="${f(r * 0.12)}" fill="#fff" opacity=".8" transform="rotate(-30 ${f(x - r * 0.32)} ${f(y - r * 0.38)})"/>`;
function gem(x: number, y: number, r: number) {
  const ring = (radius: number, start: number) =>
    Array.from({ length: 8 }, (_, i) => [x + radius * Math.cos(rad(start + i * 45)), y + radius * Math.sin(rad(start + i * 45))] as const);
  const table = ring(r * 0.5, 22.5),
    girdle = ring(r, 22.5),
    stars = ring(r, 0);
  const lines = table.map(([tx, ty], i) => `M${f(tx)} ${f(ty)}L${f(girdle[i]![0])} ${f(girdle[i]![1])}`).join('');
  const star = stars
    .map(
      ([sx, sy], i) => `M${f(table[(i + 7) % 8]![0])} ${f(table[(i + 7) % 8]![1])}L${f(sx)} ${f(sy)}L${f(table[i]![0])} ${f(table[i]![1])}`,
    )
    .join('');
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="url(#g)"/>` +
    `<path d="${star}" fill="none" stroke="#000" stroke-opacity=".18" stroke-width="${f(Math.max(0.6, r / 30))}"/>` +
    `<polygon points="${table.map(([a, b]) => `${f(a)},${f(b)}`).join(' ')}" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-opacity=".6" stroke-width="${f(Math.max(0.6, r / 25))}"/>` +
    `<path d="${lines}" stroke="#fff" stroke-opacity=".45" stroke-width="${f(Math.max(0.6, r / 30))}"/>` +
    `<ellipse cx="${f(x - r * 0.35)}" cy="${f(y - r * 0.42)}" rx="${f(r * 0.2)}" ry="${f(r * 0.09)}" fill="#fff" opacity=".75" transform="rotate(-35 ${f(x - r * 0.35)} ${f(y - r * 0.42)})"/>`
  );
}
const stoneAt = (x: number, y: number, r: number, stone: ArtStone, metal: ArtMetal) =>
  stone === 'pearl' ? pearl(x, y, r) : stone === 'none' ? bead(x, y, r, metal) : bead(x, y, r * 1.18, metal) + gem(x, y, r);
function prongs(x: number, y: number, r: number, metal: ArtMetal) {
  return [45, 135, 225, 315].map((a) => bead(x + r * Math.cos(rad(a)), y + r * Math.sin(rad(a)), Math.max(2.5, r * 0.13), metal)).join('');
}
function teardropPath(x: number, top: number, w: number, h: number) {
  const p = (dx: number, dy: number) => `${f(x + w * dx)},${f(top + h * dy)}`;
  return `M${p(0, 0)}C${p(0.15, 0.3)} ${p(0.5, 0.45)} ${p(0.5, 0.7)}C${p(0.5, 0.88)} ${p(0.27, 1)} ${p(0, 1)}C${p(-0.27, 1)} ${p(-0.5, 0.88)} ${p(-0.5, 0.7)}C${p(-0.5, 0.45)} ${p(-0.15, 0.3)} ${p(0, 0)}Z`;
}
function teardrop(x: number, top: number, w: number, h: number, stone: ArtStone, metal: ArtMetal) {
  if (stone === 'none')
    return `<path d="${teardropPath(x, top, w, h)}" fill="url(#m)" stroke="${deep(metal)}" stroke-opacity=".5"/><path d="${teardropPath(x, top + h * 0.22, w * 0.5, h * 0.62)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="2"/>`;
  const cx = x,
    cy = top + h * 0.66;
  const facets = [
    [0, 0.05],
    [0.42, 0.5],
    [0.48, 0.85],
    [0, 1],
    [-0.48, 0.85],
    [-0.42, 0.5],
  ]
    .map(([dx, dy]) => `M${f(cx)} ${f(cy)}L${f(x + w * dx!)} ${f(top + h * dy!)}`)
    .join('');
  return (
    `<path d="${teardropPath(x, top - 5, w + 10, h + 9)}" fill="url(#m)"/>` +
    `<path d="${teardropPath(x, top, w, h)}" fill="url(#g)"/>` +
    `<path d="${teardropPath(x, top + h * 0.3, w * 0.5, h * 0.55)}" fill="#fff" fill-opacity=".12" stroke="#fff" stroke-opacity=".55" stroke-width="1.2"/>` +
    `<path d="${facets}" stroke="#fff" stroke-opacity=".4" stroke-width="1"/>` +
    `<ellipse cx="${f(x - w * 0.18)}" cy="${f(top + h * 0.45)}" rx="${f(w * 0.1)}" ry="${f(h * 0.05)}" fill="#fff" opacity=".75" transform="rotate(-40 ${f(x - w * 0.18)} ${f(top + h * 0.45)})"/>`
  );
}
function chain(points: { x: number; y: number }[], size: number, metal: ArtMetal) {
  return along(points, size * 1.55)
    .map((p, i) =>
      i % 2 === 0
        ? `<ellipse cx="${f(p.x)}" cy="${f(p.y)}" rx="${f(size)}" ry="${f(size * 0.58)}" fill="none" stroke="url(#m)" stroke-width="${f(size * 0.42)}" transform="rotate(${f(p.a)} ${f(p.x)} ${f(p.y)})"/>`
        : `<line x1="${f(p.x - size * Math.cos(rad(p.a)))}" y1="${f(p.y - size * Math.sin(rad(p.a)))}" x2="${f(p.x + size * Math.cos(rad(p.a)))}" y2="${f(p.y + size * Math.sin(rad(p.a)))}" stroke="${METALS[metal][2]}" stroke-width="${f(size * 0.5)}" stroke-linecap="round"/>`,
    )
    .join('');
}
const strand = (points: { x: number; y: number }[], step: number, draw: (p: Pt, i: number) => string) =>
  along(points, step).map(draw).join('');

// One illustration per category.
const DRAW: Record<ArtCategory, (m: ArtMetal, s: ArtStone) => string> = {
  necklace: (m, s) => {
    const curve = cubic([95, -10], [110, 380], [370, 380], [385, -10]);
    if (s === 'pearl') return strand(curve, 25, (p) => pearl(p.x, p.y, 11.5));
    const mid = along(curve, 4).at(Math.floor(along(curve, 4).length / 2))!;
    const stations = s === 'none' ? '' : strand(curve, 72, (p) => (Math.abs(p.x - mid.x) > 20 ? stoneAt(p.x, p.y, 7, 'diamond', m) : ''));
    const centre =
      s === 'none'
        ? bead(mid.x, mid.y + 4, 9, m)
        : stoneAt(mid.x, mid.y + 14, s === 'diamond' ? 13 : 19, s, m) + prongs(mid.x, mid.y + 14, s === 'diamond' ? 13 : 19, m);
    return chain(curve, s === 'none' ? 6.5 : 4.5, m) + stations + centre;
  },
  pendant: (m, s) => {
    const left = cubic([150, -10], [160, 120], [215, 190], [240, 218]),
      right = cubic([330, -10], [320, 120], [265, 190], [240, 218]);
    const bail = `<rect x="232" y="210" width="16" height="30" rx="8" fill="url(#m)" stroke="${deep(m)}" stroke-opacity=".45"/>`;
    const body =
      s === 'none'
        ? `<circle cx="240" cy="300" r="60" fill="url(#m)" stroke="${deep(m)}" stroke-opacity=".5"/><circle cx="240" cy="300" r="47" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>${bead(240, 300, 8, m)}`
        : s === 'pearl'
          ? bead(240, 246, 9, m) + pearl(240, 290, 42)
          : teardrop(240, 240, 84, 118, s, m);
    return chain(left, 3.6, m) + chain(right, 3.6, m) + bail + body;
  },
  choker: (m, s) => {
    const curve = cubic([60, 60], [85, 300], [395, 300], [420, 60]);
    if (s === 'pearl') return strand(curve, 28, (p) => pearl(p.x, p.y, 13.5));
    if (s !== 'none') return strand(curve, 21, (p) => stoneAt(p.x, p.y, 8.5, s, m));
    const d = `M60 60C85 300 395 300 420 60`;
    return `<path d="${d}" fill="none" stroke="url(#m)" stroke-width="18" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="3" transform="translate(0 -4)"/>`;
  },
  earring: (m, s) =>
    [170, 310]
      .map((x) => {
        const hook = `<path d="M${x} 150V118A16 16 0 0 1 ${x + 32} 118V146" fill="none" stroke="url(#m)" stroke-width="4" stroke-linecap="round"/>`;
        const link = `<line x1="${x}" y1="156" x2="${x}" y2="196" stroke="${METALS[m][2]}" stroke-width="3"/>` + bead(x, 154, 7, m);
        const drop =
          s === 'pearl' ? bead(x, 198, 6, m) + pearl(x, 236, 33) : teardrop(x, 196, s === 'none' ? 46 : 58, s === 'none' ? 120 : 86, s, m);
        return `<g transform="translate(0 30)">${hook}${link}${drop}</g>`;
      })
      .join(''),
  hoop: (m, s) =>
    [150, 330]
      .map((cx) => {
        const cy = 230,
          r = 74;
        let out =
          `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="url(#m)" stroke-width="14"/>` +
          `<path d="M${f(cx + (r - 3) * Math.cos(rad(200)))} ${f(cy + (r - 3) * Math.sin(rad(200)))}A${r - 3} ${r - 3} 0 0 1 ${f(cx + (r - 3) * Math.cos(rad(285)))} ${f(cy + (r - 3) * Math.sin(rad(285)))}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="3" stroke-linecap="round"/>`;
        if (s === 'pearl') out += bead(cx, cy + r + 9, 6, m) + pearl(cx, cy + r + 32, 21);
        else if (s !== 'none') out += strand(ellipse(cx, cy, r, r, 25, 155), 15, (p) => gem(p.x, p.y, 5.5));
        return out;
      })
      .join(''),
  stud: (m, s) =>
    [165, 315]
      .map((x) =>
        s === 'pearl' ? pearl(x, 240, 52) : s === 'none' ? bead(x, 240, 46, m) : stoneAt(x, 240, 48, s, m) + prongs(x, 240, 47, m),
      )
      .join(''),
  bracelet: (m, s) => {
    const back = ellipse(240, 250, 170, 100, 180, 360),
      front = ellipse(240, 250, 170, 100, 0, 180);
    const part = (pts: { x: number; y: number }[]) =>
      s === 'pearl'
        ? strand(pts, 26, (p) => pearl(p.x, p.y, 12.5))
        : s === 'none'
          ? chain(pts, 7, m)
          : strand(pts, 21, (p) => stoneAt(p.x, p.y, 8, s, m));
    const clasp = `<ellipse cx="410" cy="250" rx="9" ry="15" fill="url(#m)" stroke="${deep(m)}" stroke-opacity=".5"/>`;
    return `<g opacity=".72">${part(back)}</g>${part(front)}${clasp}`;
  },
  bangle: (m, s) => {
    const hl = ellipse(240, 250, 172, 99, 195, 300)
      .map((p, i) => `${i ? 'L' : 'M'}${f(p.x)} ${f(p.y)}`)
      .join('');
    let out =
      `<ellipse cx="240" cy="250" rx="165" ry="92" fill="none" stroke="url(#m)" stroke-width="26"/>` +
      `<ellipse cx="240" cy="250" rx="152" ry="79" fill="none" stroke="${deep(m)}" stroke-opacity=".35" stroke-width="3"/>` +
      `<path d="${hl}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="4" stroke-linecap="round"/>`;
    if (s === 'diamond') out += strand(ellipse(240, 250, 165, 92, 55, 125), 22, (p) => gem(p.x, p.y, 7.5));
    else if (s !== 'none')
      out +=
        stoneAt(240, 342, 15, s, m) +
        prongs(240, 342, 15, m) +
        [70, 110].map((a) => gem(240 + 165 * Math.cos(rad(a)), 250 + 92 * Math.sin(rad(a)), 7)).join('');
    return out;
  },
  ring: (m, s) => {
    const band =
      `<circle cx="240" cy="290" r="100" fill="none" stroke="url(#m)" stroke-width="${s === 'none' ? 30 : 22}"/>` +
      `<circle cx="240" cy="290" r="${s === 'none' ? 86 : 89}" fill="none" stroke="${deep(m)}" stroke-opacity=".35" stroke-width="3"/>` +
      `<path d="M${f(240 + 103 * Math.cos(rad(160)))} ${f(290 + 103 * Math.sin(rad(160)))}A103 103 0 0 1 ${f(240 + 103 * Math.cos(rad(235)))} ${f(290 + 103 * Math.sin(rad(235)))}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="4" stroke-linecap="round"/>`;
    if (s === 'none') return band;
    if (s === 'pearl') return band + `<ellipse cx="240" cy="186" rx="24" ry="9" fill="url(#m)"/>` + pearl(240, 146, 42);
    const [gl, gm, gd] = GEMS[s];
    const basket = `<polygon points="220,192 192,134 288,134 260,192" fill="url(#m)" stroke="${deep(m)}" stroke-opacity=".4"/>`;
    const crown = `<polygon points="213,108 267,108 290,130 190,130" fill="${gl}" stroke="${gd}" stroke-opacity=".5"/><path d="M213 108L206 130M240 108L226 130M240 108L254 130M267 108L274 130" stroke="${gd}" stroke-opacity=".35"/>`;
    const pavilion = `<polygon points="190,130 290,130 240,186" fill="${gm}" stroke="${gd}" stroke-opacity=".5"/><path d="M206 130L240 186L226 130M254 130L240 186L274 130" fill="none" stroke="#fff" stroke-opacity=".45"/>`;
    const tips = [192, 288].map((x) => bead(x, 130, 5, m)).join('');
    return band + basket + crown + pavilion + tips + `<ellipse cx="225" cy="115" rx="9" ry="3" fill="#fff" opacity=".8"/>`;
  },
};

/**
 * The SVG source of one catalog image.
 * @example await sharp(Buffer.from(jewelrySvg('ring', 'gold', 'sapphire'))).webp().toFile('ring-gold-sapphire.webp');
 */
export function jewelrySvg(category: ArtCategory, metal: ArtMetal, stone: ArtStone): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">${defs(metal, stone)}` +
    `<rect width="480" height="480" fill="url(#bg)"/><g filter="url(#ds)">${DRAW[category](metal, stone)}</g></svg>`
  );
}
