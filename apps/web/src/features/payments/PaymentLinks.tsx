/** Being built (issue 4). */
export default function Screen() {
  return null;
}
