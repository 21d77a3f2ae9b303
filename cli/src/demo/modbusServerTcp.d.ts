// modbus-serial types its ServerTCP at the package root only; this file gives the server module
// (imported alone, see demoServices.ts) the same type.
declare module "modbus-serial/servers/servertcp.js" {
  import { ServerTCP } from "modbus-serial/ServerTCP";
  export default ServerTCP;
}
