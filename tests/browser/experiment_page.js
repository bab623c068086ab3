// An experiment's report page in a real browser (tests/browser/check.sh runs it): Debian's
// chromium, driven by playwright-core, opens the page of a small experiment and checks what a
// reader sees: the Scenario section filled from runs/experiment.json, the console's tables with
// a unit in their headers and no overlong cell, every figure of the directory once (no id of the
// page twice, no figure twice), no script error, nothing fetched but the page itself.
//   node experiment_page.js WEB_DIR PAGE EXPERIMENT FIGURE_STEMS CHROMIUM [SCREENSHOT]
// FIGURE_STEMS: the names of the directory's SVG figures, comma-separated.
'use strict';
const path = require('path');

const [web, page, experiment, stemList, chromiumPath, screenshot] = process.argv.slice(2);
const { chromium } = require(path.join(web, 'node_modules', 'playwright-core'));
const stems = stemList.split(',').filter((s) => s !== '');

let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok: ' : 'FAILED: ') + what);
  if (!ok) failures++;
}

(async () => {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const url = 'file://' + path.resolve(page);
    const requests = [];
    tab.on('request', (r) => requests.push(r.url()));
    const errors = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    tab.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await tab.goto(url);

    const seen = await tab.evaluate(() => {
      // The elements between heading h2 `title` and the next h2.
      const section = (title) => {
        const out = [];
        const h2 = [...document.querySelectorAll('h2')].find((h) => h.textContent === title);
        for (let e = h2 && h2.nextElementSibling; e && e.tagName !== 'H2'; e = e.nextElementSibling)
          out.push(e);
        return out;
      };
      const scenario = {};
      for (const e of section('Scenario'))
        for (const tr of e.querySelectorAll('tr')) {
          const th = tr.querySelector('th'), td = tr.querySelector('td');
          if (th && td) scenario[th.textContent] = td.textContent.trim();
        }
      const tables = section('Tables').filter((e) => e.tagName === 'TABLE');
      const headers = tables.flatMap((t) => [...t.querySelectorAll('th')].map((th) => th.textContent));
      const cells = tables.flatMap((t) => [...t.querySelectorAll('td')].map((td) => td.textContent));
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      const figures = [...document.querySelectorAll('figure')];
      const shown = tables.every((t) => t.getBoundingClientRect().width > 0 &&
                                        t.getBoundingClientRect().height > 0);
      return {
        scenario,
        tables: tables.length,
        rows: tables.reduce((n, t) => n + t.querySelectorAll('tr').length, 0),
        shown,
        headers,
        longest: cells.reduce((a, c) => (c.length > a.length ? c : a), ''),
        ids,
        figureIds: figures.map((f) => f.id),
        figureSvgs: figures.map((f) => f.querySelectorAll('svg').length),
        sources: [...document.querySelectorAll('img[src], image[href], a[href$=".svg"]')].map(
            (e) => e.getAttribute('src') || e.getAttribute('href')),
      };
    });

    check(seen.scenario.experiment === experiment,
          'the Scenario section names the experiment: ' + JSON.stringify(seen.scenario.experiment));
    check((seen.scenario.command || '').startsWith('botsim experiment ' + experiment),
          'the Scenario section gives its command line: ' + JSON.stringify(seen.scenario.command));
    check(/^seed/.test(seen.scenario.seeds || '') && (seen.scenario.date || '').startsWith('20'),
          'the Scenario section gives its seeds and date: ' +
              JSON.stringify([seen.scenario.seeds, seen.scenario.date]));
    check(seen.tables > 0 && seen.rows > seen.tables && seen.shown,
          'the console\'s tables are shown (' + seen.tables + ' tables, ' + seen.rows + ' rows)');
    const units = seen.headers.filter((h) => /\([^()]+\)$/.test(h));
    check(units.length > 0, 'a unit in the tables\' headers: ' + JSON.stringify(units.slice(0, 4)));
    check(seen.longest.length <= 60,
          'no table cell longer than 60 characters (longest: ' + JSON.stringify(seen.longest) + ')');
    const twice = seen.ids.filter((id, i) => seen.ids.indexOf(id) !== i);
    check(twice.length === 0, 'no id on the page twice' +
                                  (twice.length ? ': ' + JSON.stringify(twice.slice(0, 5)) : ''));
    check(JSON.stringify([...seen.figureIds].sort()) === JSON.stringify([...stems].sort()),
          'each figure of the directory once (' + stems.length + '): ' +
              JSON.stringify(seen.figureIds));
    check(seen.figureSvgs.every((n) => n === 1), 'one drawing per figure');
    const sourceTwice = seen.sources.filter((s, i) => seen.sources.indexOf(s) !== i);
    check(sourceTwice.length === 0,
          'no figure file linked or shown twice' +
              (sourceTwice.length ? ': ' + JSON.stringify(sourceTwice) : ''));

    if (screenshot) await tab.screenshot({ path: screenshot, fullPage: true });
    check(errors.length === 0, 'no script error' + (errors.length ? ': ' + errors.join('; ') : ''));
    check(requests.length === 1 && requests[0] === url,
          'the only request is for the page itself: ' + JSON.stringify(requests));
  } finally {
    await browser.close();
  }
  process.exit(failures ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
