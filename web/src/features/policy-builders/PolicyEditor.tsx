/**
 * The rich-text editor of the policy builders: Tiptap (ProseMirror) with StarterKit and the Link
 * extension. Its schema only knows paragraphs, headings, lists, quotes, code, bold, italic,
 * strike, underline and http(s)/mailto links, so what it answers is already inside the server's
 * allow-list (the server sanitises again anyway). The toolbar is plain Blueprint buttons
 * (keyboard reachable; Ctrl+B, Ctrl+I work in the text as well).
 */
import { Button, ButtonGroup, InputGroup } from "@blueprintjs/core";
import Link from "@tiptap/extension-link";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useState } from "react";
import { Hint } from "../../shell/controls/Hint";

/** The extensions of the editor and of the preview (the same schema). */
export const policyExtensions = [
  StarterKit.configure({ link: false }),
  Link.configure({ openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["http", "https", "mailto"], HTMLAttributes: { target: "_blank", rel: "noopener noreferrer" } }),
];

export interface PolicyEditorProps {
  /** The HTML to start with (the editor is re-created when the language changes: give it a key). */
  initial: string;
  /** The language being edited, for the accessible name. */
  languageName: string;
  onChange: (html: string) => void;
}

export function PolicyEditor({ initial, languageName, onChange }: PolicyEditorProps) {
  const editor = useEditor({
    extensions: policyExtensions,
    content: initial,
    immediatelyRender: true,
    editorProps: { attributes: { "aria-label": `Text in ${languageName}`, role: "textbox", "aria-multiline": "true", class: "policy-editor-text terms-body", "data-testid": "policy-editor" } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  return (
    <div className="policy-editor">
      {editor && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"), italic: e.isActive("italic"), h2: e.isActive("heading", { level: 2 }),
      bullets: e.isActive("bulletList"), numbers: e.isActive("orderedList"), link: e.isActive("link"),
      href: (e.getAttributes("link")["href"] as string | undefined) ?? "",
    }),
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState("");
  const hrefId = useId();
  const chain = () => editor.chain().focus();
  const applyLink = () => {
    const url = href.trim();
    if (url === "") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: url }).run();
    setLinking(false);
  };
  return (
    <div className="policy-toolbar" role="toolbar" aria-label="Formatting">
      <ButtonGroup variant="minimal">
        <Hint content="Bold (Ctrl+B)"><Button icon="bold" aria-label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()} /></Hint>
        <Hint content="Italic (Ctrl+I)"><Button icon="italic" aria-label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()} /></Hint>
        <Hint content="Heading"><Button icon="header-two" aria-label="Heading" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} /></Hint>
        <Hint content="Bulleted list"><Button icon="properties" aria-label="Bulleted list" active={state.bullets} onClick={() => chain().toggleBulletList().run()} /></Hint>
        <Hint content="Numbered list"><Button icon="numbered-list" aria-label="Numbered list" active={state.numbers} onClick={() => chain().toggleOrderedList().run()} /></Hint>
        <Hint content="Link"><Button icon="link" aria-label="Link" active={state.link || linking} onClick={() => { setHref(state.href); setLinking(!linking); }} /></Hint>
        <Hint content="Undo (Ctrl+Z)"><Button icon="undo" aria-label="Undo" onClick={() => chain().undo().run()} /></Hint>
        <Hint content="Redo (Ctrl+Shift+Z)"><Button icon="redo" aria-label="Redo" onClick={() => chain().redo().run()} /></Hint>
      </ButtonGroup>
      {linking && (
        <form className="policy-link-form" onSubmit={(e) => { e.preventDefault(); applyLink(); }}>
          <label htmlFor={hrefId} className="bp6-text-muted">Link address</label>
          <InputGroup id={hrefId} autoFocus value={href} placeholder="https://example.com/terms" onValueChange={setHref}
            onKeyDown={(e) => { if (e.key === "Escape") setLinking(false); }} />
          <Button type="submit" intent="primary" text={href.trim() === "" ? "Remove link" : "Apply link"} />
          <Button text="Cancel" onClick={() => setLinking(false)} />
        </form>
      )}
    </div>
  );
}

/** The draft as readers will see it: the same schema, not editable. */
export function PolicyPreview({ html }: { html: string }) {
  const editor = useEditor({ extensions: policyExtensions, content: html, editable: false, immediatelyRender: true,
    editorProps: { attributes: { class: "terms-body policy-preview-text", "data-testid": "policy-preview" } } }, [html]);
  return <EditorContent editor={editor} />;
}
