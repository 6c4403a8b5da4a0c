# Script mode: IN, OUT, SYM. Writes a C array of IN's bytes.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hexlen)
math(EXPR len "${hexlen} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)"
       "\\1\n" body "${body}")
file(WRITE "${OUT}.tmp"
  "/* Generated from ${IN}; do not edit. */\n"
  "const char ${SYM}[] = {\n${body}0x00};\n"
  "const unsigned long ${SYM}_len = ${len}UL;\n")
file(RENAME "${OUT}.tmp" "${OUT}")
