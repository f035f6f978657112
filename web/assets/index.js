/* SPDX-License-Identifier: MIT */
/*
 * index.js - the list of tables (GET /api/tables) with links to each
 * table's scorer's page, board and report, and the form that opens a
 * table (POST /api/tables with the scorer's token and tag lines).
 */
'use strict';

(function (E) {
    var el = E.el;

    function showError(msg) {
        var box = E.$('error');
        box.textContent = msg || '';
        box.hidden = !msg;
    }

    /* tag - a tag line, the value's \ and " escaped. */
    function tag(name, value) {
        return '[' + name + ' "' + String(value).replace(/\\/g, '\\\\')
            .replace(/"/g, '\\"') + '"]';
    }

    function render(list) {
        var node = E.$('tables');
        E.clear(node);
        if (list.length === 0) {
            node.appendChild(el('li', { className: 'none', text: 'no table yet' }));
        }
        list.forEach(function (t) {
            var path = E.tablePath(t.table);
            node.appendChild(el('li', { className: 'table-item',
                                        'data-table': t.table },
                                el('div', { className: 'head' },
                                   el('span', { className: 'id', text: 'Table ' + t.table }),
                                   ' ',
                                   el('span', { className: 'players',
                                                text: E.playerName(t.players, 'A') + ' v ' +
                                                      E.playerName(t.players, 'B') })),
                                el('div', { className: 'meta',
                                            text: (t.format || 'duel') + ' · score A ' +
                                                  E.num(t.score && t.score.A) + ', B ' +
                                                  E.num(t.score && t.score.B) + ' · ' +
                                                  E.num(t.deals) + ' deal' + (t.deals === 1 ? '' : 's') +
                                                  (t.source ? ' · ' + t.source : '') }),
                                el('div', { className: 'row table-links' },
                                   el('a', { className: 'button', href: path, text: 'Score' }),
                                   el('a', { className: 'button secondary', href: path + '/board',
                                             text: 'Board' }),
                                   el('a', { className: 'button secondary', href: path + '/report',
                                             text: 'Report' }))));
        });
    }

    function load() {
        return E.api('GET', '/api/tables').then(function (res) {
            if (res.ok && res.json && Array.isArray(res.json.tables)) {
                render(res.json.tables);
            } else {
                showError(E.failure(res, 'Reading the tables'));
            }
        });
    }

    function create(ev) {
        var lines = [];
        var a = E.$('name-a').value.trim();
        var b = E.$('name-b').value.trim();
        var extra = E.$('tags').value.split(/\r?\n/).map(function (l) {
            return l.trim();
        }).filter(function (l) { return l !== ''; });
        var t = E.$('token-input').value.trim();
        ev.preventDefault();
        if (t) {
            E.setToken(t);
        }
        if (!E.token()) {
            showError('Enter the scorer\'s token: no table was opened.');
            E.$('token-input').focus();
            return;
        }
        if (a) {
            lines.push(tag('A', a));
        }
        if (b) {
            lines.push(tag('B', b));
        }
        lines.push(tag('Laws', E.$('laws').value));
        if (E.$('format').value !== 'duel') {
            lines.push(tag('Format', E.$('format').value));
        }
        lines = lines.concat(extra);
        E.api('POST', '/api/tables', lines.join('\n') + '\n', true).then(function (res) {
            if (res.status === 401) {
                E.setToken('');
            }
            if (res.status === 201 && res.json && res.json.table !== undefined) {
                location.href = E.tablePath(res.json.table);
            } else {
                showError(E.failure(res, 'The table was not opened'));
            }
        });
    }

    function init() {
        if (E.token()) {
            E.$('token-input').placeholder = 'kept for this tab';
        }
        E.$('create').addEventListener('submit', create);
        E.$('refresh').addEventListener('click', load);
        load();
        setInterval(load, 15000);
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', init);
    } else {
        init();
    }
}(Ecarte));
