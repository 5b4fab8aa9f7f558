//! Native tests of the protocol.
