export default function UpdateLinks() {
  return null;
}
