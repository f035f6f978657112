/* SPDX-License-Identifier: MIT */
// serve.test.mjs - the browser test of `ecarte serve`: the scorer's page
// and the board driven in a real headless Chromium through puppeteer-core.
//
// It starts `ecarte serve --db TMP --listen 127.0.0.1:0` ($ECARTE, default
// build/ecarte), reads the address and the scorer's token from its first
// line, opens a table whose players' names are hostile markup, and plays a
// whole deal on the scorer's page by its buttons: a wrong token first (the
// 401 is said), a line refused (the server's words shown, nothing
// recorded), the deal of a known log typed, the elder's stand and the cards
// by their buttons, a card played by mistake and taken back with Undo, a
// revoke found from the hands the state shows (B holds the suit led and
// plays another), the L43 election answered by its button - while a second
// page, the board, follows each change from the event stream.  Screenshots
// of both pages, phone (390x844) and tablet (1024x768), go to $SHOTS
// (default /tmp/ecarte-shots).  No dialog may open (the names are text), no
// <img> may come from them, and no console error or CSP violation may occur.
//
// Exit status 0 when everything held, or when there is no browser or no
// puppeteer-core (it prints "SKIPPED: why"); 1 with "FAILED: why" else.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
    Failure, check, fail, setup,
} from './common.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(HERE, '..', '..');
const TIME_LIMIT_MS = 180000;
const LIVE_MS = 2000;           // the board follows within this

const HOSTILE_A = '<script>alert(1)</script>';
const HOSTILE_B = '"><img src=x onerror=alert(1)>';


// tagLine - [Name "value"] with \ and " escaped (docs/format.md, tags).
function tagLine(name, value) {
    return `[${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`;
}

// startServer - `ecarte serve` on a port of its choosing; resolves
// {proc, url, token} from its first line of standard output.
function startServer(ecarte, db) {
    return new Promise((resolve, reject) => {
        const proc = spawn(ecarte, ['serve', '--db', db, '--listen',
                                    '127.0.0.1:0'],
                           { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        const timer = setTimeout(() => {
            reject(new Failure('`ecarte serve` printed no address within ' +
                               '15 s; its stderr: ' + err.trim()));
        }, 15000);
        proc.stdout.setEncoding('utf8');
        proc.stderr.setEncoding('utf8');
        proc.stderr.on('data', (d) => {
            err += d;
            if (err.length > 8000) {
                err = err.slice(-8000);
            }
        });
        proc.stdout.on('data', (d) => {
            out += d;
            const nl = out.indexOf('\n');
            if (nl < 0) {
                return;
            }
            const first = out.slice(0, nl);
            const m = /^ecarte serve: (http:\/\/[^ ]+\/) \(scorer's token: ([0-9A-Fa-f]+)\)\s*$/
                .exec(first);
            clearTimeout(timer);
            if (!m) {
                reject(new Failure('the first line of `ecarte serve` is not ' +
                                   '"ecarte serve: http://HOST:PORT/ ' +
                                   '(scorer\'s token: HEX)": ' +
                                   JSON.stringify(first)));
                return;
            }
            resolve({ proc, url: m[1], token: m[2], stderr: () => err });
        });
        proc.on('error', (e) => {
            clearTimeout(timer);
            reject(new Failure(`could not run ${ecarte}: ${e.message}`));
        });
        proc.on('exit', (code, sig) => {
            clearTimeout(timer);
            reject(new Failure(`\`ecarte serve\` ended (status ${code}, ` +
                               `signal ${sig}) before printing its address; ` +
                               'its stderr: ' + err.trim()));
        });
    });
}

async function main() {
    const { puppeteer, chrome, ecarte, shots } =
        await setup('the pages of ecarte serve were not tested in a browser');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ecarte-browser-'));

    let server = null;
    const cleanup = async () => {
        if (globalThis.browserForCleanup) {
            await globalThis.browserForCleanup.close().catch(() => {});
            globalThis.browserForCleanup = null;
        }
        if (server && server.proc.exitCode === null) {
            server.proc.removeAllListeners('exit');
            server.proc.kill('SIGTERM');
        }
        fs.rmSync(tmp, { recursive: true, force: true });
    };
    try {
        server = await startServer(ecarte, path.join(tmp, 'serve.db'));
        await run(puppeteer, chrome, server, shots);
    } catch (e) {
        await cleanup();
        if (server && e instanceof Failure && server.stderr().trim()) {
            console.error('ecarte serve said on stderr:\n' +
                          server.stderr().trim().slice(-3000));
        }
        throw e;
    }
    await cleanup();
}

// A page watched: its dialogs, console errors, page errors, CSP
// violations, failed requests.
function watch(page, name, trouble, allow) {
    page.on('dialog', async (d) => {
        trouble.push(`${name}: a dialog opened (${d.type()}: ${d.message()})`);
        await d.dismiss().catch(() => {});
    });
    page.on('console', (msg) => {
        if (msg.type() !== 'error' && !/Content Security Policy/i.test(msg.text())) {
            return;
        }
        const where = msg.location() && msg.location().url ? msg.location().url : '';
        const text = msg.text();
        if (allow.some((f) => f(text, where))) {
            return;
        }
        trouble.push(`${name}: console ${msg.type()}: ${text}${where ? ' (' + where + ')' : ''}`);
    });
    page.on('pageerror', (e) => {
        trouble.push(`${name}: uncaught ${e.message}`);
    });
    page.on('requestfailed', (r) => {
        const why = r.failure() ? r.failure().errorText : '';
        // the event stream is cut when a page is left or closed
        if (/\/events$/.test(r.url()) && /ABORTED/.test(why)) {
            return;
        }
        trouble.push(`${name}: request failed: ${r.url()} ${why}`);
    });
    return page.evaluateOnNewDocument(() => {
        window.__csp = [];
        document.addEventListener('securitypolicyviolation', (e) => {
            window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI}`);
        });
    });
}

async function run(puppeteer, chrome, server, shots) {
    const base = server.url.replace(/\/$/, '');
    const token = server.token;
    const trouble = globalThis.trouble;
    const log = (s) => console.log('serve.test: ' + s);
    let expect401 = false;
    const allow = [
        // the wrong token, on purpose: the browser logs the 401 it got
        (text) => expect401 && /status of 401/.test(text),
        // a browser asks for a favicon the server need not have
        (text, where) => /favicon\.ico/.test(where),
    ];

    // the API before the pages: a table with hostile names
    const api = async (method, p, body, auth = true) => {
        const headers = {};
        if (auth) {
            headers.Authorization = 'Bearer ' + token;
        }
        if (body !== undefined) {
            headers['Content-Type'] = 'text/plain; charset=utf-8';
        }
        const res = await fetch(base + p, { method, headers, body });
        const text = await res.text();
        let json = null;
        try {
            json = JSON.parse(text);
        } catch {
            json = null;
        }
        return { status: res.status, json, text };
    };
    const tags = [tagLine('A', HOSTILE_A), tagLine('B', HOSTILE_B),
                  tagLine('Laws', 'london'), tagLine('Event', 'browser test')]
        .join('\n') + '\n';
    const refused = await api('POST', '/api/tables', tags, false);
    check(refused.status === 401, 'POST /api/tables without the token gave ' +
          `${refused.status}, not 401: ${refused.text.slice(0, 200)}`);
    check(refused.json && typeof refused.json.error === 'string',
          'a 401 of the API is not {"error":"..."}: ' + refused.text.slice(0, 200));
    const made = await api('POST', '/api/tables', tags);
    check(made.status === 201 && made.json && made.json.table !== undefined,
          `POST /api/tables gave ${made.status}: ${made.text.slice(0, 300)}`);
    const id = String(made.json.table);
    const stateUrl = `${base}/api/tables/${encodeURIComponent(id)}`;
    const linesUrl = stateUrl + '/lines';
    const state = async () => {
        const r = await api('GET', `/api/tables/${encodeURIComponent(id)}`,
                            undefined, false);
        check(r.status === 200 && r.json, `GET /api/tables/${id} gave ` +
              `${r.status}: ${r.text.slice(0, 300)}`);
        return r.json;
    };
    const listed = await api('GET', '/api/tables', undefined, false);
    check(listed.status === 200 && listed.json && Array.isArray(listed.json.tables) &&
          listed.json.tables.some((t) => String(t.table) === id),
          'GET /api/tables does not list the new table: ' + listed.text.slice(0, 300));
    let s0 = await state();
    check(s0.players && s0.players.A === HOSTILE_A && s0.players.B === HOSTILE_B,
          'the state does not give the players\' names as written: ' +
          JSON.stringify(s0.players));
    log(`table ${id} opened at ${base}`);

    // the event stream as bytes: its first event, "event: state\ndata:
    // {...}\n\n" (a browser's EventSource dispatches nothing without the
    // blank line)
    {
        const ctl = new AbortController();
        const timer = setTimeout(() => ctl.abort(), 3000);
        let got = Buffer.alloc(0);
        try {
            const res = await fetch(stateUrl + '/events', { signal: ctl.signal });
            check(res.status === 200 && /^text\/event-stream/.test(
                res.headers.get('content-type') || ''),
                  `GET /api/tables/${id}/events gave ${res.status} ` +
                  `${res.headers.get('content-type')}`);
            const reader = res.body.getReader();
            while (!got.includes('\n\n') && !got.includes(0) && got.length < 1 << 20) {
                const { value, done } = await reader.read();
                if (done) {
                    break;
                }
                got = Buffer.concat([got, Buffer.from(value)]);
            }
        } catch (e) {
            if (e instanceof Failure) {
                throw e;
            }
        } finally {
            clearTimeout(timer);
            ctl.abort();
        }
        const text = got.toString('utf8');
        check(!got.includes(0), 'the event stream sends a NUL byte where an ' +
              'event should end with a blank line ("\\n\\n"): ' +
              JSON.stringify(text.slice(Math.max(0, got.indexOf(0) - 40), got.indexOf(0) + 8)));
        check(/^event: state\ndata: \{.*\}\n\n/s.test(text),
              'the event stream does not begin with "event: state\\ndata: {...}\\n\\n": ' +
              JSON.stringify(text.slice(0, 120)));
    }

    const browser = await puppeteer.launch({
        executablePath: chrome,
        headless: /headless-shell/.test(chrome) ? 'shell' : true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
               '--no-first-run', '--no-default-browser-check'],
        protocolTimeout: 60000,
    });
    globalThis.browserForCleanup = browser;

    const board = await browser.newPage();
    await watch(board, 'board', trouble, allow);
    await board.setViewport({ width: 1024, height: 768 });
    const boardResp = await board.goto(`${base}/tables/${encodeURIComponent(id)}/board`,
                                       { waitUntil: 'load' });
    check(boardResp && boardResp.status() === 200,
          `GET /tables/${id}/board gave ${boardResp && boardResp.status()}`);
    const csp = boardResp.headers()['content-security-policy'] || '';
    check(/script-src 'self'/.test(csp) && /default-src 'none'/.test(csp),
          'the board is served without the CSP of the contract: ' +
          JSON.stringify(csp));
    await board.waitForFunction(() => document.body.dataset.seq !== undefined,
                                { timeout: 10000 });

    // what the board shows, for a failure's message
    const boardSays = async () => {
        const b = await board.evaluate(() => ({
            seq: document.body.dataset.seq,
            conn: document.getElementById('conn').textContent,
            trick: document.getElementById('trick').textContent,
            score: document.getElementById('score').textContent,
            rulings: document.getElementById('rulings').textContent,
        })).catch((e) => ({ error: e.message }));
        const st = await state().catch(() => ({}));
        return `the board shows ${JSON.stringify(b)}, the table is at seq ${st.seq}`;
    };

    const scorer = await browser.newPage();
    await watch(scorer, 'scorer', trouble, allow);
    await scorer.setViewport({ width: 390, height: 844, isMobile: true,
                               hasTouch: true, deviceScaleFactor: 2 });
    await scorer.goto(`${base}/tables/${encodeURIComponent(id)}`, { waitUntil: 'load' });
    await scorer.waitForFunction(() => document.body.dataset.seq !== undefined,
                                 { timeout: 10000 });

    // the names are text, nowhere markup
    const names = await scorer.evaluate(() => ({
        a: document.getElementById('name-A').textContent,
        b: document.getElementById('name-B').textContent,
        imgs: document.querySelectorAll('img').length,
        scripts: Array.from(document.scripts).map((x) => x.src),
    }));
    check(names.a.includes(HOSTILE_A) && names.b.includes(HOSTILE_B),
          'the scorer\'s page does not show the names as text: ' +
          JSON.stringify(names));
    check(names.imgs === 0, 'an <img> appeared on the scorer\'s page');
    check(names.scripts.every((src) => src.startsWith(base + '/assets/')),
          'a script not of /assets/: ' + names.scripts.join(', '));

    // wrong token: the 401 is said, the token asked again
    await scorer.waitForSelector('#token-box:not([hidden]) #token-input', { visible: true });
    await scorer.type('#token-input', '00ff00ff');
    await scorer.click('#token-save');
    await scorer.waitForSelector('#token-box', { hidden: true });
    expect401 = true;
    const seqBefore = (await state()).seq;
    {
        const post = scorer.waitForResponse((r) => r.url() === linesUrl &&
                                            r.request().method() === 'POST');
        await typeLine(scorer, 'game');
        const r = await post;
        check(r.status() === 401, `a wrong token gave ${r.status()}, not 401`);
        await scorer.waitForFunction(() => {
            const e = document.getElementById('error');
            const box = document.getElementById('token-box');
            return !e.hidden && /401/.test(e.textContent) && /token/i.test(e.textContent) &&
                !box.hidden;
        }, { timeout: 5000 }).catch(() => fail('a 401 is not said on the page ' +
                                                '(#error with 401 and the token box)'));
    }
    expect401 = false;
    check((await state()).seq === seqBefore, 'a line with a wrong token was recorded');
    await scorer.type('#token-input', token);
    await scorer.click('#token-save');
    await scorer.waitForSelector('#token-box', { hidden: true });
    check(await scorer.evaluate(() => sessionStorage.getItem('ecarte-token')) === token,
          'the token is not kept in sessionStorage');
    log('a wrong token: 401 said on the page; the right token kept');

    // one line posted through the page: a button if one offers it, typed
    // otherwise; resolves the answer for the line, the page redrawn
    const ways = { button: 0, typed: 0 };
    const recordsSeen = [];
    const send = async (line, how = 'any') => {
        const sel = `button[data-line=${JSON.stringify(line)}]`;
        const btn = await scorer.$(sel);
        if (how === 'button') {
            check(btn, `no button for "${line}" on the scorer's page; next.lines: ` +
                  JSON.stringify((await state()).next));
        }
        const post = scorer.waitForResponse((r) => r.url() === linesUrl &&
                                            r.request().method() === 'POST',
                                            { timeout: 10000 });
        if (btn && how !== 'type') {
            await scorer.waitForSelector(sel + ':not([disabled])', { timeout: 5000 });
            await scorer.click(sel);
            ways.button++;
        } else {
            await typeLine(scorer, line);
            ways.typed++;
        }
        const r = await post;
        const body = await r.json().catch(() => null);
        check(r.status() === 200 && Array.isArray(body),
              `POST ${linesUrl} "${line}" gave ${r.status()}: ${JSON.stringify(body)}`);
        for (const it of body) {
            for (const rec of Array.isArray(it.records) ? it.records : []) {
                recordsSeen.push(rec);
            }
        }
        const st = await state();
        await scorer.waitForFunction((seq) => document.body.dataset.seq === String(seq),
                                     { timeout: 5000 }, st.seq)
            .catch(() => fail(`the scorer's page did not redraw after "${line}"`));
        return { item: body[body.length - 1], items: body, state: st };
    };
    const must = async (line, how) => {
        const r = await send(line, how);
        check(r.item && r.item.accepted === true,
              `"${line}" was refused: ${JSON.stringify(r.item)}`);
        return r;
    };

    // a line refused: the server's words shown, nothing recorded
    {
        const before = (await state()).seq;
        const r = await send('B plays 1X', 'type');
        check(r.item && r.item.accepted === false && typeof r.item.error === 'string',
              'a bad line was not refused: ' + JSON.stringify(r.item));
        check(/^serve:\d+:\d+: /.test(r.item.error),
              'a refusal is not worded "serve:LINE:COL: ...": ' + r.item.error);
        const shown = await scorer.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
        check(shown.includes(r.item.error), 'the refusal\'s words are not shown in ' +
              `#error: ${JSON.stringify(shown)} (server: ${r.item.error})`);
        check(r.state.seq === before, 'a refused line changed the table (seq ' +
              `${before} -> ${r.state.seq})`);
        log('a refused line: ' + r.item.error);
    }

    // the deal of a known log (tests/cases/l43_*: B deals, the cards known)
    for (const line of ['game', 'deal B', 'A shuffles', 'B shuffles', 'A cuts 9',
                        'B gives A 3 QS JS AH', 'B gives B 3 KH QH AC',
                        'B gives A 2 TC JD', 'B gives B 2 9C 8H', 'B turns 8D']) {
        await must(line, 'any');
    }
    const errNow = await scorer.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
    check(errNow === '', 'an error stays shown after lines accepted: ' + errNow);
    let st = await state();
    check(st.turnup === '8D' && st.trump === 'D', 'after "B turns 8D" the state ' +
          `gives turnup ${st.turnup}, trump ${st.trump}`);
    await scorer.waitForFunction(() => document.querySelector('#turnup [data-card="8D"]'),
                                 { timeout: 3000 })
        .catch(() => fail('the turn-up 8D is not shown on the scorer\'s page'));
    await must('A stands', 'button');
    await must('A leads TC', 'button');
    await scorer.waitForFunction(() => document.querySelector('#trick [data-card="TC"]'),
                                 { timeout: 3000 })
        .catch(() => fail('the card led (TC) is not shown in #trick'));
    await board.waitForFunction(() => document.querySelector('#trick [data-card="TC"]'),
                                { timeout: LIVE_MS })
        .catch(async () => fail('the board did not show the card led (TC) within ' +
                                `${LIVE_MS} ms; ${await boardSays()}`));

    // a card clicked by mistake, taken back by Undo (strike)
    st = await state();
    const legal = st.next && Array.isArray(st.next.lines) ? st.next.lines : [];
    const handB = st.hands && Array.isArray(st.hands.B) ? st.hands.B : [];
    check(st.next && st.next.seat === 'B', 'after A leads, the state does not ' +
          'say B is to play: ' + JSON.stringify(st.next));
    const mistake = legal.find((l) => /^B plays /.test(l));
    check(mistake, 'no "B plays" line in next.lines: ' + JSON.stringify(legal));
    const mistakeCard = mistake.split(' ')[2];
    await must(mistake, 'button');
    const afterMistake = await state();
    check(afterMistake.seq > st.seq, 'the mistaken card did not change the table');
    await scorer.waitForSelector('#undo:not([disabled])');
    {
        const post = scorer.waitForResponse((r) => r.url() === linesUrl &&
                                            r.request().method() === 'POST');
        await scorer.click('#undo');
        const r = await post;
        const body = await r.json().catch(() => null);
        check(r.status() === 200 && Array.isArray(body) && body.length === 1 &&
              body[0].accepted === true && /^strike$/i.test(body[0].text.trim()),
              'Undo did not post an accepted `strike`: ' + JSON.stringify(body));
    }
    st = await state();
    check(st.hands.B.includes(mistakeCard) && st.trick.length === 1 &&
          st.trick[0].card === 'TC' && st.next.seat === 'B',
          `after Undo, B does not hold ${mistakeCard} again with TC alone on ` +
          'the table: ' + JSON.stringify({ hands: st.hands, trick: st.trick }));
    await scorer.waitForFunction((seq) => document.body.dataset.seq === String(seq),
                                 { timeout: 5000 }, st.seq);
    log(`a mistaken "${mistake}" taken back by Undo`);

    // the revoke: B holds the suit led (from the hands the state shows)
    // and plays another suit
    const ledSuit = st.trick[0].card[1];
    check(handB.length > 0 && !handB.includes('??'),
          'the state does not show B\'s hand, dealt face up in the log: ' +
          JSON.stringify(st.hands));
    check(handB.some((c) => c[1] === ledSuit), `B holds no ${ledSuit} to follow`);
    const revokeCard = handB.find((c) => c[1] !== ledSuit && c[1] !== st.trump);
    check(revokeCard, 'B has no card of another suit to revoke with');
    const revoke = `B plays ${revokeCard}`;
    const offered = legal.includes(revoke);
    await must(revoke, offered ? 'button' : 'type');
    log(`the revoke "${revoke}" ${offered ? 'by its button' : 'typed (next.lines offers only legal cards)'}`);
    const rulingsBefore = await board.$eval('#rulings', (e) => e.textContent);

    // the rest of the deal by the buttons; the election by its button
    let elected = false;
    let sawPending = false;
    const deal = st.deal;
    for (let turn = 0; turn < 20; turn++) {
        st = await state();
        const pend = Array.isArray(st.pending) ? st.pending : [];
        const l43 = pend.find((p) => p.law === 'L43');
        if (l43 && !elected) {
            sawPending = true;
            check(l43.elector === 'A' && l43.offender === 'B',
                  'the L43 ruling names offender ' + `${l43.offender}, elector ${l43.elector}`);
            const stand = (l43.options || []).find((o) => o.option === 'stand');
            check(stand && stand.line, 'the L43 ruling has no "stand" option with a line: ' +
                  JSON.stringify(l43.options));
            const shown = await scorer.evaluate(() => {
                const p = document.getElementById('pending');
                return { hidden: p.hidden, text: p.textContent,
                         buttons: Array.from(p.querySelectorAll('button[data-line]'))
                             .map((b) => b.getAttribute('data-line')) };
            });
            check(!shown.hidden && shown.text.includes('L43') &&
                  shown.text.includes(l43.title || 'L43'),
                  'the pending L43 election is not shown in #pending: ' + shown.text);
            for (const o of l43.options) {
                check(shown.buttons.includes(o.line), `no button for "${o.line}" in #pending`);
                if (o.preview) {
                    check(shown.text.includes(o.preview), `the preview of ${o.option} is not shown`);
                }
            }
            await board.waitForFunction((before) => {
                const t = document.getElementById('rulings').textContent;
                return t !== before && /L43/.test(t);
            }, { timeout: LIVE_MS }, rulingsBefore)
                .catch(async () => fail(`the board's #rulings did not show L43 within ${LIVE_MS} ms; ` +
                                      await boardSays()));
            await shoot(scorer, board, shots, 'ruling');
            await scorer.evaluate(() => document.getElementById('pending').scrollIntoView());
            await must(stand.line, 'button');
            elected = true;
            await scorer.waitForSelector('#pending', { hidden: true, timeout: 3000 })
                .catch(() => fail('#pending is still shown after the election'));
            log(`L43 answered by its button "${stand.line}"`);
            continue;
        }
        if (st.deal !== deal || !st.next || !/^(play|lead)/.test(st.next.step || '') ||
            (st.tricks && st.tricks.A + st.tricks.B >= 5)) {
            break;
        }
        const cards = (st.next.lines || []).filter((l) => /^[AB] (plays|leads) /.test(l));
        check(cards.length > 0, 'no card to play in next.lines: ' + JSON.stringify(st.next));
        await must(cards[0], 'button');
    }
    check(sawPending && elected, 'no L43 election came up after the revoke: ' +
          JSON.stringify(st.pending));
    st = await state();
    check(st.tricks === undefined || st.tricks.A + st.tricks.B === 5 ||
          st.deal !== deal, 'the deal was not played out: ' + JSON.stringify(st.tricks));
    check(st.score.A + st.score.B > 0, 'the deal scored nothing: ' + JSON.stringify(st.score));
    await board.waitForFunction((a, b) =>
        document.getElementById('score-A').textContent === String(a) &&
        document.getElementById('score-B').textContent === String(b),
        { timeout: LIVE_MS }, st.score.A, st.score.B)
        .catch(async () => fail(`the board's #score did not show A ${st.score.A} B ` +
                                `${st.score.B} within ${LIVE_MS} ms; ${await boardSays()}`));
    const boardNow = await board.evaluate(() => ({
        updated: document.getElementById('updated').textContent,
        rulings: document.getElementById('rulings').textContent,
        imgs: document.querySelectorAll('img').length,
        title: document.getElementById('title').textContent,
    }));
    check(/updated \d\d:\d\d:\d\d/.test(boardNow.updated), 'no "updated hh:mm:ss" on the board: ' +
          boardNow.updated);
    check(boardNow.imgs === 0, 'an <img> appeared on the board');
    check(boardNow.title.includes(HOSTILE_A), 'the board does not show the name as text');
    const logText = await scorer.$eval('#log', (e) => e.textContent);
    const l43Record = recordsSeen.find((r) => r.type === 'ruling' && r.law === 'L43');
    check(l43Record, 'no answer to a line held the L43 ruling among its records: ' +
          JSON.stringify(recordsSeen).slice(0, 500));
    check(/L43/.test(logText) && (!l43Record.title || logText.includes(l43Record.title)),
          'the result log does not show the L43 ruling: ' + logText.slice(0, 300));
    const scorerRulings = await scorer.$eval('#rulings', (e) => e.textContent);
    check(/L43/.test(scorerRulings), 'the scorer\'s #rulings does not show L43: ' +
          scorerRulings.slice(0, 300));
    log(`the deal played out: score A ${st.score.A} B ${st.score.B}; the board followed; ` +
        `${ways.button} lines by buttons, ${ways.typed} typed`);

    // the list of tables, the names as text
    const index = await browser.newPage();
    await watch(index, 'index', trouble, allow);
    await index.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true,
                              deviceScaleFactor: 2 });
    await index.goto(base + '/', { waitUntil: 'load' });
    await index.waitForFunction((tid) => document.querySelector(
        `#tables [data-table="${tid}"]`), { timeout: 5000 }, id)
        .catch(() => fail('the list of tables does not show the table'));
    const idx = await index.evaluate((tid) => {
        const li = document.querySelector(`#tables [data-table="${tid}"]`);
        return { text: li.textContent, imgs: document.querySelectorAll('img').length,
                 links: Array.from(li.querySelectorAll('a')).map((a) => a.getAttribute('href')) };
    }, id);
    check(idx.text.includes(HOSTILE_A) && idx.text.includes(HOSTILE_B) && idx.imgs === 0,
          'the list of tables does not show the names as text: ' + idx.text);
    for (const suffix of ['', '/board', '/report']) {
        check(idx.links.includes(`/tables/${id}${suffix}`), `no link to /tables/${id}${suffix}`);
    }
    await index.screenshot({ path: path.join(shots, 'index-phone.png'), fullPage: true });

    await shoot(scorer, board, shots, 'end');

    // every page: no CSP violation, nothing else wrong
    for (const [name, page] of [['scorer', scorer], ['board', board], ['index', index]]) {
        const v = await page.evaluate(() => window.__csp || []);
        for (const x of v) {
            trouble.push(`${name}: CSP violation: ${x}`);
        }
    }
    await new Promise((r) => setTimeout(r, 200));
    check(trouble.length === 0, 'the pages went wrong:\n  ' + trouble.join('\n  '));
    log(`screenshots in ${shots}`);
    console.log('serve.test: PASSED');
}

// typeLine - line typed into the scorer's text box and sent with Enter.
async function typeLine(page, line) {
    await page.$eval('#line-input', (e) => { e.value = ''; });
    await page.type('#line-input', line);
    await page.focus('#line-input');
    await page.keyboard.press('Enter');
}

// shoot - the scorer and the board, phone and tablet, as NAME-*.png.  The
// page keeps its isMobile and hasTouch (changing them reloads it).
async function shoot(scorer, board, shots, name) {
    for (const [who, page] of [['scorer', scorer], ['board', board]]) {
        const keep = page.viewport();
        const sizes = [['phone', { width: 390, height: 844, deviceScaleFactor: 2 }],
                       ['tablet', { width: 1024, height: 768, deviceScaleFactor: 1 }]];
        for (const [size, dims] of sizes) {
            const vp = { ...keep, ...dims };
            await page.setViewport(vp);
            await new Promise((r) => setTimeout(r, 150));
            await page.screenshot({ path: path.join(shots, `${who}-${size}-${name}.png`),
                                    fullPage: true });
            const wide = await page.evaluate(() =>
                document.documentElement.scrollWidth > window.innerWidth + 1);
            check(!wide, `the ${who}'s page scrolls sideways at ${vp.width}px`);
        }
        await page.setViewport(keep);
    }
}

globalThis.trouble = [];
const limit = setTimeout(() => {
    console.error(`FAILED: serve.test: not done within ${TIME_LIMIT_MS / 1000} s`);
    process.exit(1);
}, TIME_LIMIT_MS);
limit.unref();
try {
    await main();
    process.exit(0);
} catch (e) {
    console.error('FAILED: serve.test: ' + (e instanceof Failure ? e.message :
                                            (e && e.stack) || String(e)));
    if (globalThis.trouble.length) {
        console.error('what the pages said:\n  ' + globalThis.trouble.join('\n  '));
    }
    process.exit(1);
}
