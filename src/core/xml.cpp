#include "core/xml.hpp"

#include <expat.h>

#include <algorithm>
#include <memory>
#include <new>

namespace botsim {

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // Control characters other than tab/newline are not allowed in XML 1.0.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
          out += ' ';
        else
          out += c;
    }
  }
  return out;
}

namespace {

struct DepthState {
  XML_Parser parser;
  std::size_t stop_above, depth = 0, deepest = 0;
};

void XMLCALL on_start(void* data, const XML_Char*, const XML_Char**) {
  auto* s = static_cast<DepthState*>(data);
  s->deepest = std::max(s->deepest, ++s->depth);
  if (s->depth > s->stop_above) XML_StopParser(s->parser, XML_FALSE);
}

void XMLCALL on_end(void* data, const XML_Char*) { --static_cast<DepthState*>(data)->depth; }

}  // namespace

std::size_t xml_depth(std::istream& in, std::size_t stop_above) {
  std::unique_ptr<XML_ParserStruct, decltype(&XML_ParserFree)> parser(XML_ParserCreate(nullptr),
                                                                      XML_ParserFree);
  if (!parser) throw std::bad_alloc();
  DepthState state{parser.get(), stop_above};
  XML_SetUserData(parser.get(), &state);
  XML_SetElementHandler(parser.get(), on_start, on_end);
  char buffer[1 << 16];
  for (;;) {
    in.read(buffer, sizeof buffer);
    const auto n = static_cast<int>(in.gcount());
    const bool last = n < static_cast<int>(sizeof buffer);
    if (XML_Parse(parser.get(), buffer, n, last) != XML_STATUS_OK || last) break;
  }
  return state.deepest;
}

}  // namespace botsim
