import { type AdminUser, memberName } from "../../../../shared/admin/members.ts";
import { adminMembersApi } from "../../../../shared/contract/admin-members.ts";
import { SearchPicker } from "../search-picker.tsx";

/** Choose a member by typing part of a name or e-mail (the server searches; see SearchPicker). */
export function MemberPicker({
  value,
  onChange,
  error,
}: {
  value: AdminUser | null;
  onChange: (user: AdminUser | null) => void;
  error?: string;
}) {
  return (
    <SearchPicker
      label="Member"
      value={value}
      onChange={onChange}
      error={error}
      endpoint={adminMembersApi.list}
      placeholder="Search by name or e-mail"
      noun="members"
      emptyText="No members yet."
      toChoice={(u) => u}
      chosen={(u) => ({ title: memberName(u), detail: u.email })}
      changeLabel={(u) => `Change member (now ${memberName(u)})`}
      option={(u) => (
        <>
          <span className="block truncate font-medium">{memberName(u)}</span>
          <span className="block truncate text-xs text-muted-foreground">{u.email}</span>
        </>
      )}
    />
  );
}
