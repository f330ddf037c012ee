// Size budgets (gzip), checked in `npm test`. Initial JS of an app = its entry plus the chunks the
// entry imports statically (manifest.json "preload"), which is what a first visit downloads before
// anything renders. Lazy route chunks are not initial and are not counted here.
const { readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');

function initialJs(app) {
  const dir = join(__dirname, 'dist', app);
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return [join(dir, 'manifest-missing-run-npm-run-build.js')];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return [manifest.entry, ...manifest.preload].map((file) => join('dist', app, file));
}

module.exports = [
  { name: 'pay.js (everything a merchant page downloads)', path: 'dist/sdk/v1/pay.js', limit: '1.2 KB', gzip: true },
  { name: 'iframe app initial JS', path: initialJs('iframe-app'), limit: '30 KB', gzip: true },
  { name: 'member app initial JS', path: initialJs('member-app'), limit: '110 KB', gzip: true },
  { name: 'markets app initial JS (the chart chunk apart)', path: initialJs('markets-app'), limit: '60 KB', gzip: true },
];
