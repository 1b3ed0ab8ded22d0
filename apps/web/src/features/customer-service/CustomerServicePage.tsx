export default function CustomerServicePage() { return null; }
