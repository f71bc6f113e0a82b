// stage-message.js — the stages of a result as they cross from the analysis worker to the page. A stage sent
// whole (a small result's: model.js stageObject) leaves its byKey Map (node key → node) behind and the page
// builds it again: a Map of node objects doubles the structured clone of the stages, written in the worker and
// read on the page in the task that draws the result, and the page's Map is the same (the same keys in node
// order, onto the same node objects).

/** The stages to post: each whole stage without byKey (the worker keeps its own stages as they are). */
export function stagesForMessage(stages) {
  return stages.map((stage) => {
    if (!stage.byKey) return stage;
    const { byKey: _index, ...rest } = stage;
    return rest;
  });
}

/** The posted stages made whole again, in place: byKey for every stage that carries its nodes. */
export function stagesFromMessage(stages) {
  for (const s of stages || []) {
    if (!s.lite && !s.byKey && Array.isArray(s.nodes)) s.byKey = new Map(s.nodes.map((n) => [n.key, n]));
  }
  return stages;
}
