/**
 * Permission checks of the screens: the shell's `usePermission()` and `<Can code>` (spec §6), imported through this
 * one module.
 */
export { Can } from '../../components/Can';
export { usePermission } from '../../session/usePermission';
