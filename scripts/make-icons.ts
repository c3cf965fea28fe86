// Renders the app icons in public/icons from public/logo.svg (run after changing the logo).
import sharp from 'sharp';

const logo = new URL('../public/logo.svg', import.meta.url).pathname;
const out = (name: string) => new URL(`../public/icons/${name}`, import.meta.url).pathname;

for (const size of [192, 512])
  await sharp(logo, { density: 600 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
// Maskable: the logo inside the safe zone (80%) on the brand's ivory.
const inner = await sharp(logo, { density: 600 }).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#fbf8f3' } })
  .composite([{ input: inner, gravity: 'center' }])
  .png()
  .toFile(out('icon-maskable-512.png'));
console.log('icons written to public/icons');
