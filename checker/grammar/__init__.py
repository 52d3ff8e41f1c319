"""Shared grammar machinery: loading .lark files, typed trees, rendering back to text, errors."""
