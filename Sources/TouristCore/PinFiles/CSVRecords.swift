/// Splits CSV text into records of fields (RFC 4180), each with the line it starts on.
enum CSVRecords {
    struct Record {
        var fields: [String]
        /// The line the record starts on, from 1.
        var line: Int
    }

    /// The records of `text` (a leading byte-order mark dropped, blank lines skipped); an
    /// `InputDataError` naming `file` and the line for a quote that is never closed or a stray quote.
    static func split(_ text: String, file: String) throws(InputDataError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 0
        var wasQuoted = false
        var characters = text.unicodeScalars.makeIterator()
        var pending = characters.next()
        if pending == "\u{FEFF}" { pending = characters.next() }
        func endRecord() {
            fields.append(field)
            if fields.count > 1 || !fields[0].allSatisfy({ $0 == " " || $0 == "\t" }) || wasQuoted {
                records.append(Record(fields: fields, line: recordLine))
            }
            fields = []
            field = ""
            wasQuoted = false
        }
        while let scalar = pending {
            pending = characters.next()
            if quoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = characters.next()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                wasQuoted = false
            case "\"":
                guard field.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                    throw InputDataError("\(file) line \(line): a quote in the middle of the field \(field.debugDescription); quote the whole field and double the quotes inside (\"Joe's \"\"Diner\"\"\")")
                }
                field = ""
                quoted = true
                wasQuoted = true
                quoteLine = line
            case "\r":
                if pending == "\n" { pending = characters.next() }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if quoted {
            throw InputDataError("\(file) line \(quoteLine): a quoted field is never closed; end it with a quote")
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}
