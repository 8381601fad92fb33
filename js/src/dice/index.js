// The dice game's bundle (nations_widget/static/dice.js and dice.css): the widget shell
// with the dice view.  See ../shell/README.md.
import { createController as shellController, makeWidget } from "../shell/controller.js";
import { createView } from "./view.js";
import "./dice.css";

/** A controller on `el` with the dice view (for tests): {ui, view, shell, draw, destroy}. */
export const createController = (ctx) => shellController(ctx, createView);

export default makeWidget(createView);
