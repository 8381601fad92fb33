// The board game's entry (Nations): the widget shell with the board view. Built by
// js/build.mjs into nations_widget/static/board.js and board.css (js/src/shell/README.md).
import { makeWidget, createController as shellController } from "../shell/controller.js";
import { createView } from "./view.js";
import "./board.css";

export const createController = (ctx) => shellController(ctx, createView); // for tests
export default makeWidget(createView);
