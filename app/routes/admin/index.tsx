import { redirect } from 'react-router'

export function loader() {
  return redirect('/admin/blog')
}

export default function AdminIndex() {
  return null
}
