export { DEFAULT_PORTS, type LaunchContext, type Launched, type LaunchModule, type PortName } from './types.js';
export { isLauncherMessage, type FromComponent, type ToComponent } from './protocol.js';
