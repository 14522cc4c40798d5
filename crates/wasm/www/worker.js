// The setter's page's worker: the package's long calls off the page's thread (the page
// terminates the worker to cancel one, and starts another). A message {id, call,
// puzzle} is answered {id, result, ms} or {id, error: {name, message}}.
import * as bitdoku from '../index.js';

const CALLS = {
  count: (puzzle) => bitdoku.count(puzzle, 2),
  trueCandidates: (puzzle) => bitdoku.trueCandidates(puzzle),
  solve: (puzzle) => bitdoku.solve(puzzle),
  rate: (puzzle) => bitdoku.rate(puzzle),
};

onmessage = ({ data: { id, call, puzzle } }) => {
  const start = performance.now();
  try {
    const result = CALLS[call](puzzle);
    postMessage({ id, result, ms: performance.now() - start });
  } catch (e) {
    postMessage({ id, error: { name: e.name, message: e.message } });
  }
};
postMessage({ ready: true });
