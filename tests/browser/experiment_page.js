// An experiment's report page in a real browser (tests/browser/check.sh runs it): Debian's
// chromium, driven by playwright-core, opens the page of a small experiment and checks what a
// reader sees: the Scenario section filled from runs/experiment.json, the console's tables with
// a unit in their headers and no overlong cell, every figure of the directory once (no id of the
// page twice, no figure twice), no script error, nothing fetched but the page itself.
//   node experiment_page.js WEB_DIR PAGE EXPERIMENT FIGURE_STEMS CHROMIUM [SCREENSHOT]
// FIGURE_STEMS: the names of the directory's SVG figures, comma-separated.
'use strict';

const [web, page, experiment, stemList, chromiumPath, screenshot] = process.argv.slice(2);
const { inPage } = require('./page_check');
const stems = stemList.split(',').filter((s) => s !== '');


inPage(web, chromiumPath, page, 1400, async ({ tab, check }) => {

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
});
