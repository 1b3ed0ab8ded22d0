export default function TestPreviewPage() { return null; }
