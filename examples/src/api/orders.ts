export interface Order {
  id: string;
  status: 'open' | 'shipped';
}

export function isOpen(order: Order): boolean {
  return order.status === 'open';
}
