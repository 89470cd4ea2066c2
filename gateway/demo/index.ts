/**
 * Loads every demo scenario module (each registers itself with `registerScenario`). One import per
 * feature area.
 */
export { findScenario, scenarioNames } from './scenarios';
import './bench';
