{{- define "styrmin-agent.name" -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "styrmin-agent.labels" -}}
app.kubernetes.io/name: styrmin-agent
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "styrmin-agent.selectorLabels" -}}
app.kubernetes.io/name: styrmin-agent
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}
