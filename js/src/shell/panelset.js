// The shell's panels for a game's view, made once per widget (createController): each
// takes the snapshot S and, where it is incremental, \`part(key, signature, build)\` from
// the view's Parts, so the view decides where they go (see panels.js).
import { makeCoachPanel } from "./coachpanel.js";
import { makeDecisionParts } from "./decision.js";
import { makeGamePanels } from "./gamepanel.js";
import { makeHistoryPanels } from "./historypanel.js";
import { LogPanel, fairEnd, seatName, seedLine } from "./panels.js";

export function makePanels(shell) {
  return {
    ...makeDecisionParts(shell),
    ...makeCoachPanel(shell),
    ...makeHistoryPanels(shell),
    ...makeGamePanels(shell),
    logPanel: () => new LogPanel(shell.log),
    seatName,
    seedLine,
    fairEnd,
  };
}
