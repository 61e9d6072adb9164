import { COMMAND_ROLES, ROLES, type Role } from '../roles';

/**
 * Who reads and who edits the unit symbol table (docs/decisions/0049-editable-unit-symbols.md): every
 * signed-in role may draw a map with units and its legend, so all read it; the administrators (the
 * command roles) edit it. The server's routes and the settings page both ask here.
 */
export const UNIT_SYMBOL_READERS = ROLES satisfies readonly Role[];
export const UNIT_SYMBOL_MANAGERS = COMMAND_ROLES satisfies readonly Role[];

/** Whether a user of `role` may change which symbol each unit kind is drawn as. */
export function mayManageUnitSymbols(role: string | null | undefined): boolean {
  return role != null && (UNIT_SYMBOL_MANAGERS as readonly string[]).includes(role);
}
