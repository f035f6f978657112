/* SPDX-License-Identifier: MIT */
// report.test.mjs - the report of every format in a real headless
// Chromium through puppeteer-core: a duel, a chouette, a pool and a
// gallery are generated with irregularities ($ECARTE gen), imported and
// reported; each page is opened and
//   - every link within the page (#...) names an element that is there;
//   - each link of the summary, followed, brings its target to the top
//     of the window (or the window to the end of the page);
//   - the summary is the first section, the findings come before the
//     scoresheet, and at a table of three or more the money's section,
//     the persons' table of every game and the balances summing to zero
//     are shown;
//   - nothing is written to the console and nothing is fetched.
// Screenshots of each page's top and of its first game's money go to
// $SHOTS (default /tmp/ecarte-shots) as report-FORMAT-*.png.
//
// Exit status 0 when everything held, or when there is no browser or no
// puppeteer-core (it prints "SKIPPED: why"); 1 with "FAILED: why" else.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
    Failure, check, fail, setup,
} from './common.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(HERE, '..', '..');
const TIME_LIMIT_MS = 240000;

const FORMATS = [
    // [name, gen's --format (null: a duel), deals, seed]
    ['duel', null, 60, 7],
    ['chouette', 'chouette', 60, 5],
    ['pool', 'pool', 60, 5],
    ['gallery', 'gallery', 60, 5],
];


// reportOf - the sitting of one format generated, imported into a new
// ledger in dir and reported; the page's path.
function reportOf(ecarte, dir, name, format, deals, seed) {
    const log = path.join(dir, `${name}.ecarte`);
    const db = path.join(dir, `${name}.db`);
    const html = path.join(dir, `${name}.html`);
    const gen = ['gen', '--deals', String(deals), '--seed', String(seed),
                 '--irregularities', '0.3'];
    if (format) {
        gen.push('--format', format);
    }
    fs.writeFileSync(log, execFileSync(ecarte, gen));
    try {
        execFileSync(ecarte, ['import', '--db', db, log], { stdio: 'pipe' });
    } catch (e) {
        // exit 1: the import found something; the ledger is written
        check(e.status === 1, `ecarte import of the ${name} failed: ` +
              String(e.stderr));
    }
    execFileSync(ecarte, ['report', '--db', db, '-o', html], { stdio: 'pipe' });
    return html;
}

// links - every link of the page within it: [href, in the summary?],
// and the ids it names that are not there.
async function links(page) {
    return page.evaluate(() => {
        const all = Array.from(document.querySelectorAll('a[href^="#"]'));
        const missing = [];
        for (const a of all) {
            const id = decodeURIComponent(a.getAttribute('href').slice(1));
            if (!document.getElementById(id)) {
                missing.push(a.getAttribute('href'));
            }
        }
        const summary = Array.from(document.querySelectorAll(
            '#summary a[href^="#"], header nav a[href^="#"]'))
            .map((a) => a.getAttribute('href'));
        return { n: all.length, missing, summary: [...new Set(summary)] };
    });
}

// followed - the link href of the summary clicked: where its target
// stands then (its top in the window), and whether the window is at the
// end of the page.
async function followed(page, href) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate((h) => {
        const a = Array.from(document.querySelectorAll(
            '#summary a, header nav a')).find((x) => x.getAttribute('href') === h);
        a.click();
    }, href);
    await new Promise((r) => setTimeout(r, 60));
    return page.evaluate((h) => {
        const t = document.getElementById(decodeURIComponent(h.slice(1)));
        const end = Math.ceil(window.scrollY + window.innerHeight) >=
            document.documentElement.scrollHeight - 2;
        return { top: t.getBoundingClientRect().top, hash: location.hash, end };
    }, href);
}

// order - the ids of the page's sections, in order.
async function order(page) {
    return page.evaluate(() => Array.from(document.querySelectorAll('body > section'))
        .map((s) => s.id));
}

async function run(puppeteer, chrome, ecarte, shots, dir) {
    const browser = await puppeteer.launch({
        executablePath: chrome,
        headless: /headless-shell/.test(chrome) ? 'shell' : true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
               '--no-first-run', '--no-default-browser-check'],
        protocolTimeout: 60000,
    });
    globalThis.browserForCleanup = browser;
    for (const [name, format, deals, seed] of FORMATS) {
        const html = reportOf(ecarte, dir, name, format, deals, seed);
        const page = await browser.newPage();
        const trouble = [];
        page.on('console', (m) => trouble.push(`console ${m.type()}: ${m.text()}`));
        page.on('pageerror', (e) => trouble.push(`page error: ${e.message}`));
        page.on('request', (q) => {
            if (!q.url().startsWith('file://')) {
                trouble.push(`fetched ${q.url()}`);
            }
        });
        await page.setViewport({ width: 1280, height: 900 });
        await page.goto('file://' + html, { waitUntil: 'load' });

        const sections = await order(page);
        check(sections[0] === 'summary', `${name}: the first section is ` +
              `${sections[0]}, not the summary (${sections.join(' ')})`);
        check(sections.indexOf('audit') >= 0 &&
              sections.indexOf('audit') < sections.indexOf('scoresheet'),
              `${name}: the findings do not come before the scoresheet ` +
              `(${sections.join(' ')})`);

        const l = await links(page);
        check(l.missing.length === 0, `${name}: links to nothing: ` +
              l.missing.slice(0, 10).join(' '));
        check(l.summary.length >= 8, `${name}: the summary has only ` +
              `${l.summary.length} links`);
        for (const href of l.summary) {
            const at = await followed(page, href);
            check(at.hash === href, `${name}: ${href} followed, the address ` +
                  `says ${at.hash}`);
            check(Math.abs(at.top) <= 2 || (at.end && at.top >= 0),
                  `${name}: ${href} followed, its target stands at ` +
                  `${at.top}px, not at the top`);
        }

        if (format) {
            const money = await page.evaluate(() => ({
                section: !!document.getElementById('money'),
                games: document.querySelectorAll('div.money').length,
                tables: document.querySelectorAll('table.sheet[id^="game-"]').length,
                sum: (document.querySelector('#money tr.total th.num') || {}).textContent,
                zero: /sum to zero/.test((document.querySelector('#money p.check') || {})
                    .textContent || ''),
                persons: document.querySelectorAll('#money table.balances tr').length,
                vs: /\bv\. /.test(document.querySelector('header').textContent),
            }));
            check(money.section, `${name}: no section of the money`);
            check(money.games >= money.tables, `${name}: ${money.games} games ` +
                  `show their money of ${money.tables} games`);
            check(money.sum === '+0' && money.zero, `${name}: the balances do ` +
                  `not sum to zero: ${money.sum}`);
            check(money.persons >= 4, `${name}: the balances name ` +
                  `${money.persons - 2} persons`);
            check(!money.vs, `${name}: the header says "A v. B" at a table ` +
                  'of persons');
        }

        await page.evaluate(() => window.scrollTo(0, 0));
        await page.setViewport({ width: 1280, height: 2200 });
        await page.screenshot({ path: path.join(shots, `report-${name}-top.png`) });
        const first = format ? '#money-game-1' : '#game-1';
        await page.evaluate((s) => {
            const e = document.querySelector(s) || document.querySelector('#scoresheet');
            window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY - 400);
        }, first);
        await page.setViewport({ width: 1280, height: 1400 });
        await page.screenshot({ path: path.join(shots, `report-${name}-game.png`) });
        check(trouble.length === 0, `${name}: ` + trouble.join('; '));
        console.log(`report.test: ${name}: ${l.n} links, ${l.summary.length} ` +
                    'in the summary, each reaching its target');
        await page.close();
    }
    await browser.close();
    globalThis.browserForCleanup = null;
}

async function main() {
    const { puppeteer, chrome, ecarte, shots } =
        await setup('the reports were not opened in a browser');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ecarte-report-'));
    try {
        await run(puppeteer, chrome, ecarte, shots, dir);
    } finally {
        if (globalThis.browserForCleanup) {
            await globalThis.browserForCleanup.close().catch(() => {});
        }
        fs.rmSync(dir, { recursive: true, force: true });
    }
    console.log(`report.test: screenshots in ${shots}`);
    console.log('report.test: PASSED');
}

const limit = setTimeout(() => {
    console.error(`FAILED: report.test: not done within ${TIME_LIMIT_MS / 1000} s`);
    process.exit(1);
}, TIME_LIMIT_MS);
limit.unref();
try {
    await main();
    process.exit(0);
} catch (e) {
    console.error('FAILED: report.test: ' + (e instanceof Failure ? e.message :
                                             (e && e.stack) || String(e)));
    process.exit(1);
}
