import { Printer } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'

export function PrintButton() {
  return (
    <Button variant="outline" size="sm" className="print:hidden" onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      Print this page
    </Button>
  )
}
