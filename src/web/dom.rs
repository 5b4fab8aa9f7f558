//! The page's elements, looked up once at mount, and the few ways the web
//! layer writes to them: text, optional (hidden when empty) text, lists and
//! table rows built from text, attributes. Nothing here sets HTML. A
//! failed update is shown on the page by [`report`], which every part of
//! the web layer (the page, the downloads) calls alike.

use super::ids::Id;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlTextAreaElement};

/// The document and every element the web layer uses.
pub struct Dom {
    pub doc: Document,
    elements: Vec<Element>,
}

impl Dom {
    /// Looks up every [`Id`]; a missing element is an error naming it.
    pub fn new(doc: &Document) -> Result<Dom, JsValue> {
        let elements = Id::ALL
            .iter()
            .map(|id| {
                doc.get_element_by_id(id.name())
                    .ok_or_else(|| JsValue::from_str(&format!("the page has no #{}", id.name())))
            })
            .collect::<Result<_, _>>()?;
        Ok(Dom {
            doc: doc.clone(),
            elements,
        })
    }

    /// The element with this id.
    pub fn el(&self, id: Id) -> &Element {
        &self.elements[id.index()]
    }

    pub fn text(&self, id: Id, value: &str) {
        self.el(id).set_text_content(Some(value));
    }

    /// Sets the text, and hides the element when there is none.
    pub fn optional_text(&self, id: Id, value: Option<&str>) -> Result<(), JsValue> {
        let el = self.el(id);
        match value {
            Some(v) if !v.is_empty() => {
                el.set_text_content(Some(v));
                el.remove_attribute("hidden")
            }
            _ => {
                el.set_text_content(None);
                el.set_attribute("hidden", "")
            }
        }
    }

    pub fn set_hidden(&self, id: Id, hidden: bool) -> Result<(), JsValue> {
        if hidden {
            self.el(id).set_attribute("hidden", "")
        } else {
            self.el(id).remove_attribute("hidden")
        }
    }

    pub fn attr(&self, id: Id, name: &str, value: &str) -> Result<(), JsValue> {
        self.el(id).set_attribute(name, value)
    }

    /// An input's or textarea's value.
    pub fn value(&self, id: Id) -> String {
        let el = self.el(id);
        if let Some(t) = el.dyn_ref::<HtmlTextAreaElement>() {
            return t.value();
        }
        if let Some(s) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
            return s.value();
        }
        el.dyn_ref::<HtmlInputElement>()
            .map(HtmlInputElement::value)
            .unwrap_or_default()
    }

    /// Sets an input's value when it differs (so typing keeps its caret).
    /// Setting a value fires no `input` event, so no edit is recorded.
    pub fn set_value(&self, id: Id, value: &str) {
        if self.value(id) == value {
            return;
        }
        let el = self.el(id);
        if let Some(t) = el.dyn_ref::<HtmlTextAreaElement>() {
            t.set_value(value);
        } else if let Some(i) = el.dyn_ref::<HtmlInputElement>() {
            i.set_value(value);
        } else if let Some(s) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
            s.set_value(value);
        }
    }

    /// A new element with optional text, appended to `parent`.
    pub fn child(
        &self,
        parent: &Element,
        tag: &str,
        content: Option<&str>,
    ) -> Result<Element, JsValue> {
        let el = self.doc.create_element(tag)?;
        if let Some(c) = content {
            el.set_text_content(Some(c));
        }
        parent.append_child(&el)?;
        Ok(el)
    }

    /// Appends `text` to `parent` as text, with a line-break opportunity
    /// (`<wbr>`) after each `after`: a board's numbers then wrap between
    /// values, never inside one.
    pub fn text_with_breaks(
        &self,
        parent: &Element,
        text: &str,
        after: char,
    ) -> Result<(), JsValue> {
        for piece in text.split_inclusive(after) {
            parent.append_with_str_1(piece)?;
            if piece.ends_with(after) {
                self.child(parent, "wbr", None)?;
            }
        }
        Ok(())
    }

    /// Replaces the list's items.
    pub fn fill_list<S: AsRef<str>>(
        &self,
        id: Id,
        items: impl IntoIterator<Item = S>,
    ) -> Result<(), JsValue> {
        let list = self.el(id);
        list.set_text_content(None);
        for item in items {
            self.child(list, "li", Some(item.as_ref()))?;
        }
        Ok(())
    }

    /// Replaces a table body's rows; each cell carries its column heading
    /// (`data-label`) for the stacked layout on narrow screens.
    pub fn fill_rows<R: AsRef<[String]>>(
        &self,
        id: Id,
        headings: &[&str],
        rows: &[R],
    ) -> Result<(), JsValue> {
        let body = self.el(id);
        body.set_text_content(None);
        for row in rows {
            let tr = self.child(body, "tr", None)?;
            for (label, value) in headings.iter().zip(row.as_ref()) {
                let td = self.child(&tr, "td", Some(value))?;
                td.set_attribute("data-label", label)?;
            }
        }
        Ok(())
    }

    /// Writes a table head's one row of column headings.
    pub fn heading_row(&self, id: Id, headings: &[&str]) -> Result<(), JsValue> {
        let head = self.el(id);
        head.set_text_content(None);
        let tr = self.child(head, "tr", None)?;
        for h in headings {
            self.child(&tr, "th", Some(h))?
                .set_attribute("scope", "col")?;
        }
        Ok(())
    }
}

/// A JavaScript error as text, without the float formatter that `{:?}`
/// on a `JsValue` would pull into the wasm.
pub fn describe(e: &JsValue) -> String {
    if let Some(s) = e.as_string() {
        return s;
    }
    e.dyn_ref::<js_sys::Error>()
        .map(|err| String::from(err.message()))
        .unwrap_or_else(|| "an unexpected JavaScript value was thrown".into())
}

/// Shows a failed page update on the page.
pub fn report(e: &JsValue) {
    show_fatal(&format!(
        "The workbench could not update the page: {}",
        describe(e)
    ));
}

/// Shows a fatal error on the page itself (not only in the console).
pub fn show_fatal(message: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(Id::Fatal.name()))
    {
        el.set_text_content(Some(message));
        let _ = el.remove_attribute("hidden");
    }
}
