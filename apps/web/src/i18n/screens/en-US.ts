/** Strings of the signed-in screens (features/*): users, roles, departments, security, audit, announcements ... */
const enUS = {
  'screens.placeholder': 'Screens',
};
export type ScreenMessages = Record<keyof typeof enUS, string>;
export default enUS;
