//! A small serde serializer for the CSV exports: each row is a struct of
//! plain fields (numbers, text, an optional value), written comma-separated
//! with a `\n` line end; the header is the first row's field names. A field
//! is quoted only where it must be (a comma, a quote or a line break in
//! it), as RFC 4180 says. Anything else (lists, maps, nested rows) is an
//! error, never a panic.

use serde::ser::{self, Impossible, Serialize};
use std::fmt::{self, Write};

/// What could not be written.
#[derive(Debug)]
pub(super) struct Error(String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error(msg.to_string())
    }
}

fn unsupported<T>(what: &str) -> Result<T, Error> {
    Err(Error(format!("a CSV field cannot be {what}")))
}

/// The CSV text of `rows`: the header (the field names of the first row,
/// or `header` when there is none), then one line per row.
pub(super) fn csv_text<R: Serialize>(header: &str, rows: impl Iterator<Item = R>) -> String {
    let mut out = String::new();
    let mut named = false;
    for row in rows {
        let mut record = Record {
            names: Vec::new(),
            fields: Vec::new(),
        };
        if let Err(e) = row.serialize(&mut record) {
            return format!("{header}\nerror: {e}\n");
        }
        if !named {
            out.push_str(&record.names.join(","));
            out.push('\n');
            named = true;
        }
        out.push_str(&record.fields.join(","));
        out.push('\n');
    }
    if !named {
        out.push_str(header);
        out.push('\n');
    }
    out
}

/// One row being written: its field names and their text.
struct Record {
    names: Vec<&'static str>,
    fields: Vec<String>,
}

impl ser::Serializer for &mut Record {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_bool(self, _: bool) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_i8(self, _: i8) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_i16(self, _: i16) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_i32(self, _: i32) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_i64(self, _: i64) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_u8(self, _: u8) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_u16(self, _: u16) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_u32(self, _: u32) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_u64(self, _: u64) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_char(self, _: char) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_str(self, _: &str) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_none(self) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_unit(self) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        unsupported("a row")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        unsupported("a row")
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        unsupported("a row")
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        unsupported("a row")
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        unsupported("a row")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        unsupported("a row")
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        unsupported("a row")
    }
}

impl ser::SerializeStruct for &mut Record {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let mut text = String::new();
        value.serialize(Field(&mut text))?;
        self.names.push(name);
        self.fields.push(text);
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

/// One field's text.
struct Field<'a>(&'a mut String);

impl Field<'_> {
    fn number(self, n: impl fmt::Display) -> Result<(), Error> {
        write!(self.0, "{n}").map_err(|e| Error(e.to_string()))
    }
}

impl ser::Serializer for Field<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.serialize_str(if v { "true" } else { "false" })
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.number(v)
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.serialize_f64(f64::from(v))
    }
    /// Whole numbers and halves only (the weighted f), written without the
    /// float formatter.
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        let twice = v * 2.0;
        if twice.fract() != 0.0 || !(0.0..=u64::MAX as f64).contains(&twice) {
            return unsupported("a number other than a whole or a half");
        }
        let twice = twice as u64;
        if twice.is_multiple_of(2) {
            self.number(twice / 2)
        } else {
            write!(self.0, "{}.5", twice / 2).map_err(|e| Error(e.to_string()))
        }
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        if v.contains([',', '"', '\n', '\r']) {
            self.0.push('"');
            self.0.push_str(&v.replace('"', "\"\""));
            self.0.push('"');
        } else {
            self.0.push_str(v);
        }
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), Error> {
        unsupported("bytes")
    }
    fn serialize_none(self) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
    ) -> Result<(), Error> {
        self.serialize_str(name)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        unsupported("a variant with data")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        unsupported("a list")
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        unsupported("a tuple")
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        unsupported("a tuple")
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        unsupported("a variant with data")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        unsupported("a map")
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        unsupported("a nested row")
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        unsupported("a variant with data")
    }
}
