/* SPDX-License-Identifier: MIT */
/*
 * board.js - the room's board of a table (/tables/ID/board): the score
 * and games, the deal as far as it is shown (the turn-up, the trick, the
 * tricks won), the last rulings in words, and at a chouette, pool or
 * gallery the persons with their roles, stakes, bets and balances.
 * Read-only, no token; live from the event stream.
 */
'use strict';

(function (E) {
    var id = E.tableId();
    var RULINGS_SHOWN = 6;

    function showError(msg) {
        var box = E.$('error');
        box.textContent = msg || '';
        box.hidden = !msg;
    }

    function render(s) {
        var title = 'Table ' + s.table + ': ' + E.playerName(s.players, 'A') +
            ' v ' + E.playerName(s.players, 'B');
        document.title = 'Écarté — ' + title;
        E.$('title').textContent = title;
        E.view.score(s);
        E.view.dealLine(E.$('deal'), s);
        E.view.turnup(E.$('turnup'), E.$('trump'), s);
        E.view.trick(E.$('trick'), E.$('tricks'), s);
        E.$('waiting').textContent = s.prompt || '';
        E.$('board-pending').hidden = !E.view.waiting(E.$('elections'), s);
        E.view.rulings(E.$('rulings'), s.rulings, RULINGS_SHOWN);
        E.$('sitting').hidden = !E.view.sitting(E.$('persons'), s);
        E.$('updated').textContent = 'updated ' + E.hhmmss();
        document.body.setAttribute('data-seq', String(s.seq));
        showError('');
    }

    function init() {
        if (id === null) {
            showError('No table in this address: open /tables/ID/board.');
            return;
        }
        E.api('GET', E.apiPath(id)).then(function (res) {
            if (res.ok && res.json) {
                render(res.json);
            } else {
                showError(E.failure(res, 'Reading the table'));
            }
        });
        E.stream(id, {
            state: render,
            status: function (st) {
                var c = E.$('conn');
                c.textContent = st === 'live' ? 'live' : 'reconnecting…';
                c.className = 'conn ' + st;
            }
        });
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', init);
    } else {
        init();
    }
}(Ecarte));
