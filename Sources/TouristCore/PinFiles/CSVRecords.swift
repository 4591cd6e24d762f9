/// Splits CSV bytes into records of fields (RFC 4180), each with the line it starts on, handing
/// each record on as soon as it ends: nothing but the record at hand is held besides the bytes.
/// The separators are ASCII, which never occurs inside a UTF-8 sequence, so the bytes are split
/// as they are and each field is checked as UTF-8 on its own.
enum CSVRecords {
    struct Record {
        var fields: [String]
        /// The line the record starts on, from 1.
        var line: Int
    }

    /// Calls `body` with each record of `bytes` in order (a leading byte-order mark dropped, blank
    /// lines skipped); an `InputDataError` naming `file` and the line for a quote that is never
    /// closed, a stray quote, or a field that is not UTF-8.
    static func forEach(in bytes: [UInt8], file: String, _ body: (Record) throws(InputDataError) -> Void) throws(InputDataError) {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoted = false
        var quoteLine = 0
        var wasQuoted = false
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func isBlank(_ bytes: [UInt8]) -> Bool { bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        func endField() throws(InputDataError) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw InputDataError("\(file) line \(line) is not UTF-8 text; save the file as UTF-8 CSV")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        func endRecord() throws(InputDataError) {
            let blank = fields.isEmpty && isBlank(field) && !wasQuoted
            try endField()
            if !blank { try body(Record(fields: fields, line: recordLine)) }
            fields.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.count, bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == lf { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case comma:
                try endField()
                wasQuoted = false
            case quote:
                guard isBlank(field) else {
                    let shown = String(decoding: field, as: UTF8.self)
                    throw InputDataError(
                        "\(file) line \(line): a quote in the middle of the field \(shown.debugDescription); quote the whole field and double the quotes inside (\"Joe's \"\"Diner\"\"\")"
                    )
                }
                field.removeAll(keepingCapacity: true)
                quoted = true
                wasQuoted = true
                quoteLine = line
            case cr, lf:
                if byte == cr, index < bytes.count, bytes[index] == lf { index += 1 }
                try endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        if quoted {
            throw InputDataError("\(file) line \(quoteLine): a quoted field is never closed; end it with a quote")
        }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { try endRecord() }
    }
}
