-- A builder's device holds the drafts of the rubrics they edit (sync/sources/rubrics.ts); deleting a draft must
-- reach it as a removal. Only drafts can be deleted (observa_rubric_version_frozen), so only drafts get one; it is
-- addressed to everyone (no scope): a removal of a record a device never held changes nothing there.
CREATE TRIGGER rubric_versions_tombstone AFTER DELETE ON public.rubric_versions FOR EACH ROW EXECUTE FUNCTION observa_tombstone('rubric_versions');
