// en/workspace.js — the workspace's words (shell/workspace.js, shell/splitter.js).
export default {
  'ws.split.side': 'resize the side column (← → keys)',
  'ws.split.rail': 'resize the lesson rail (← → keys)',
  'ws.split.dock': 'resize the panel under the graph (↑ ↓ keys)',
};
