/**
 * Loads every demo scenario module (each registers itself with `registerScenario`). One import per
 * feature area.
 */
import './notify';
import './channels';
import './anatomy';
import './pickers';
import './media';
import './task';
import './showcase';
import './help';

export { findScenario, offeredScenarios, scenarioNames } from './scenarios';
import './bench';
