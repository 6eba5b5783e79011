// The boardgame.io anchor of spieltisch's benchmarks (docs/benchmarks.md,
// "Against boardgame.io"): boardgame.io 0.50.2's own server with a game that
// does nothing, so that what is measured is boardgame.io itself (its master,
// reducer, in-memory storage and socket.io transport), not game rules.
//
// The game: two players, one move per turn (the move ends the turn), over
// after the 40th move. Matches are made through boardgame.io's lobby API
// (POST /games/nothing/create, then /join per seat for its credentials), so
// every move is authenticated as in a real deployment.
//
//   node server.js [PORT]      (or PORT=... node server.js; default 8000)
//
// It listens on 127.0.0.1 only.

const { Server } = require('boardgame.io/server');

const MOVES_PER_GAME = 40;

const Nothing = {
  name: 'nothing',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ moves: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    move: ({ G }) => {
      G.moves += 1;
    },
  },
  endIf: ({ G }) => (G.moves >= MOVES_PER_GAME ? { draw: true } : undefined),
};

const port = Number.parseInt(process.argv[2] || process.env.PORT || '8000', 10);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`bgio anchor: not a port: ${process.argv[2] || process.env.PORT}`);
  process.exit(2);
}

// The load generator connects from loopback only; no browser page is served.
const server = Server({ games: [Nothing], origins: [] });

// boardgame.io's run() calls app.listen(port, callback), which koa-socket-2
// forwards to the HTTP server carrying socket.io; the host is added here so
// that the anchor is not reachable from outside the machine.
const listenOnAllInterfaces = server.app.listen;
server.app.listen = (listenPort, callback) => listenOnAllInterfaces(listenPort, '127.0.0.1', callback);

server.run(port, () => {
  console.log(`bgio anchor: boardgame.io listening on 127.0.0.1:${port}`);
});
